/** Settings shared by the Playwright config and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
/** The super-administrator key the test server starts with (a test-only value). */
export const E2E_ADMIN_KEY = process.env.E2E_ADMIN_KEY ?? 'sk-studio-e2eadminkeyaaaaaaaaaaaaaaaaaaaa';
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.test-data/e2e';
/** The bundled upstream simulator of the test server (tests may slow it down through its control API). */
export const E2E_SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4110);
/**
 * Where the passkey tests open the console: a passkey's relying party is a host name, never an address, so
 * they use `localhost` (the test server's STUDIO_PASSKEY_ORIGIN).
 */
export const E2E_PASSKEY_URL = process.env.E2E_PASSKEY_URL ?? `http://localhost:${E2E_PORT}`;
