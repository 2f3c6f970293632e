import { createServer } from 'vite';
import { startFoyer } from '../server/start.ts';

// `npm run dev`: the API on PORT (default 3000) and the Vite dev server with hot reload in front
// of it (it proxies /api, /svg and /healthz to the API; see web/vite.config.ts).
const foyer = await startFoyer();
const vite = await createServer({ configFile: 'web/vite.config.ts' });
await vite.listen();
process.stdout.write(`\nAPI: ${foyer.url}\n`);
vite.printUrls();
const shutdown = async () => {
  await vite.close();
  await foyer.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
