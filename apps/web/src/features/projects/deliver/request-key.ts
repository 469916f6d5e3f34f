/**
 * The key of one confirmed send (POST /delivery/participants `requestKey`): a retry of the same send
 * carries the same key, so the server makes one delivery however often the request arrives.
 * getRandomValues works on plain-http office networks too, unlike randomUUID.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
