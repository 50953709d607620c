/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shared secret for request signing; only set in builds for deployments that sign requests. */
  readonly VITE_REQUEST_SIGNING_SECRET?: string;
  /** Optional API key sent as x-api-key. */
  readonly VITE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
