// Runs autocannon in its own process (pinned to another core than the server) and prints a JSON summary.
// argv[2]: JSON { url, connections, duration, paths?, variants?, method?, headers?, body? }
// paths: request paths taken in turn; variants: { headers?, body? } taken in turn (many buyers, many products).
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
let next = 0;
const instance = autocannon({
  url: opts.url,
  connections: opts.connections ?? 50,
  duration: opts.duration ?? 10,
  method: opts.method ?? 'GET',
  headers: opts.headers ?? {},
  ...(opts.body ? { body: opts.body } : {}),
  ...(opts.paths || opts.variants
    ? {
        requests: [
          {
            setupRequest: (req) => {
              const turn = next++;
              if (opts.paths) req.path = opts.paths[turn % opts.paths.length];
              const variant = opts.variants?.[turn % opts.variants.length];
              if (variant?.headers) req.headers = { ...req.headers, ...variant.headers };
              if (variant?.body) req.body = variant.body;
              return req;
            },
          },
        ],
      }
    : {}),
});
autocannon.track(instance, {
  renderProgressBar: false,
  renderResultsTable: false,
  renderLatencyTable: false,
});
instance.on('done', (r) => {
  process.stdout.write(
    JSON.stringify({
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      total: r.requests.total,
    }),
  );
});
