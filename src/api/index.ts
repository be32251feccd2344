import { createCityApi } from './city.ts';
import { type ClientsConfig, createClients, type GatewayClients } from './http.ts';

export type { CallContext } from './http.ts';
export { GatewayError } from './http.ts';

/** The typed gateway client, grouped by domain (SPEC 7). One instance per app; every call takes a CallContext. */
export function createApi(cfg: ClientsConfig) {
  const clients: GatewayClients = createClients(cfg);
  return {
    clients,
    city: createCityApi(clients.gateway),
  };
}

export type Api = ReturnType<typeof createApi>;
