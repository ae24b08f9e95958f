/**
 * What the logs never carry, at any level: the secrets of capability URLs (a reset link's token,
 * a stock alert's token, a checkout session), headers that carry credentials, and fields that hold
 * passwords, tokens or card data. A log line lives far longer than a 30-minute link and is read
 * by more people than its owner.
 */

export const CENSOR = '[redacted]';

/**
 * How the names of parameters that grant access end (query parameters and path parameters
 * alike). Deliberately broad: `postcode` is redacted too, which costs a log reader little.
 */
const SECRET_NAME = String.raw`(?:token|confirm(?:ation)?|unsubscribe|code|key|signature|sig|session(?:[-_.]?id)?|secret|passw(?:or)?d|auth|otp|jwt|credentials?)`;
const SECRET_NAME_RE = new RegExp(`${SECRET_NAME}$`, 'i');

/**
 * A secret query parameter anywhere in a log line (an error message, a stack, a URL logged as a
 * field), also inside a URL-encoded URL. The name is checked as written; `redactUrl` decodes it.
 */
const SECRET_PARAM_IN_TEXT = new RegExp(
  String.raw`((?:[?&]|%3F|%26)[\w.~-]*?${SECRET_NAME})(=|%3D)[^&#\s"'\\<>]*`,
  'gi',
);

/** Headers that carry credentials, or a page address that may hold a reset token (referer). */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'stripe-signature',
  'x-storefront-render',
  'x-api-key',
  'referer',
];

const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'tokenHash',
  'unsubscribeToken',
  'cardNumber',
  'cvc',
];

/** pino redaction paths: these fields and headers on the log object and one level down. */
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_HEADERS.map((name) => `headers["${name}"]`),
].flatMap((path) => [path, `*.${path}`]);

export function isSecretName(name: string): boolean {
  return SECRET_NAME_RE.test(name);
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The path with every segment that fills a secret-named parameter of its route (`:sessionId`). */
function redactPath(path: string, routePattern: string | undefined): string {
  if (!routePattern) return path;
  const pattern = routePattern.split('/');
  return path
    .split('/')
    .map((segment, index) => {
      const part = pattern[index];
      if (part === undefined || !part.includes(':')) return segment;
      const names = [...part.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      return names.some(isSecretName) ? CENSOR : segment;
    })
    .join('/');
}

/**
 * A request URL as it may be logged: secret query parameters (by their decoded name) and
 * secret path parameters of the matched route replaced; everything else as the client sent it.
 */
export function redactUrl(url: string, routePattern?: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const safePath = redactPath(path, routePattern);
  if (queryAt < 0) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return isSecretName(decodedName(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** Secret query parameters in any text, such as a whole serialized log line. */
export function redactSecretsInText(text: string): string {
  return text.replace(SECRET_PARAM_IN_TEXT, `$1$2${CENSOR}`);
}

/** The parts of a request a log line shows: Fastify's own choice, with the URL redacted. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
}

function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino options every logger of the app gets, whatever else it is given: redacted fields, the
 * request serializer, and a last pass over each finished line for secret query parameters that
 * reached it some other way (an error's message, a URL logged as a field).
 */
export const redactingLoggerOptions = {
  redact: { paths: REDACT_PATHS, censor: CENSOR },
  serializers: { req: requestForLog },
  hooks: { streamWrite: redactSecretsInText },
};
