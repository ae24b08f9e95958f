import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The app's one Redis connection (REDIS_URL), shared by the rate limits and the sign-in failure
 * counts. A command is retried once at most: their users carry on without Redis rather than wait.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: unknown) => {
    log.warn({ err: error }, 'redis connection error');
  });
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => {
    redis.disconnect();
  });
}
