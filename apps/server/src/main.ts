import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`CivicPulse is serving ${address} (database: ${app.ctx.database.engine})`);

  // On SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit 0.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Keep-alive connections that finish their last request after close() began would otherwise
    // hold the process open until their idle timeout; close them as soon as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
