import { useAppConfig } from '../../api/posts';

/** The tile server from /api/config (TILE_URL on the server); null until it is known. */
export function useTileUrl(): string | null {
  const { data } = useAppConfig();
  return data?.tileUrl ?? null;
}
