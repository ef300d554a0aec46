/**
 * A child process of the chat bench holding a share of the receiving sockets (BENCH_CHAT_CLIENTS=N):
 * it answers the bench's requests over IPC with a LocalGroup of its own (./chat-clients.ts).
 */
import { LocalGroup, clientKind, perform, type ClientAnswer, type ClientRequest } from './chat-clients.js';

// The bench's environment is this process's: BENCH_CHAT_CLIENT picks the kind of socket.
const group = new LocalGroup(clientKind(process.env.BENCH_CHAT_CLIENT));

async function answer(r: ClientRequest): Promise<unknown> {
  if (r.op !== 'exit') return perform(group, r);
  await group.dispose();
  process.disconnect();
  return undefined;
}

process.on('message', (r: ClientRequest) => {
  answer(r).then(
    (value) => {
      if (r.op !== 'exit') process.send!({ id: r.id, value } satisfies ClientAnswer);
    },
    (err: unknown) => process.send!({ id: r.id, error: err instanceof Error ? err.message : String(err) } satisfies ClientAnswer),
  );
});
// The bench went away: so does this process.
process.on('disconnect', () => process.exit(0));
