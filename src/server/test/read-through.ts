/**
 * An object that stands for whatever `open()` answers when it is used: hooks build the real one
 * (an app, a server, a user) before each test, while the test file holds this one from the start.
 */
export function readThrough<T extends object>(open: () => T): T {
  // The empty target is never read: every trap asks the current object.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(open(), key) as unknown,
    set: (_target, key, value) => Reflect.set(open(), key, value),
    has: (_target, key) => Reflect.has(open(), key),
    ownKeys: () => Reflect.ownKeys(open()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(open(), key);
      // A proxy may only report a property its empty target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
