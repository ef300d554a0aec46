// Runs s3rver (a real S3-protocol server over a folder) for test/helpers/s3.ts, in its own process:
// s3rver signs ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 only offers under
// --openssl-legacy-provider, a flag that should not touch the test process itself.
// Usage: node --openssl-legacy-provider s3rver-process.mjs <directory>; prints {"port":N} when listening.
import S3rver from 's3rver';

const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true });
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
// The parent closing our stdin (it ended, or died) ends us too: no server outlives its test run.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
