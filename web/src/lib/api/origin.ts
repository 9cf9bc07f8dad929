/** The API's origin; empty in development and wherever the site and the API share one origin. */
export const API_URL = (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, "");
