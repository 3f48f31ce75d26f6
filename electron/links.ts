/**
 * The external-link allow-list: which https links the app may open in the system browser. No
 * imports (like channels.ts), so the renderer can use it without the contract's zod schemas,
 * which only main needs; contract.ts re-exports it.
 */

/** Hosts whose https links may be opened in the system browser (sources shown in the app). */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = [
  'arxiv.org',
  'docs.nvidia.com',
  'developer.nvidia.com',
  'www.nvidia.com',
  'nvidia.github.io',
  'resources.nvidia.com',
  'mlcommons.org',
  'github.com',
  'www.amd.com',
  'www.intel.com',
  'uptimeinstitute.com',
  'www.eia.gov',
];

/** True when `url` is https and its host is on the allow-list (exact match). */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return EXTERNAL_HOST_ALLOW_LIST.includes(parsed.hostname);
}
