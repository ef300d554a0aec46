/**
 * The optional LLM (issue 14 item 4): any OpenAI-compatible chat-completions endpoint (a local
 * Ollama or vLLM, or a hosted one) set by ASSISTANT_LLM_URL. The key stays on the server. Every call
 * has a deadline; the caller falls back to the retrieval answer on any error or timeout.
 */
export interface LlmConfig {
  url: string;
  key: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

function request(cfg: LlmConfig, messages: ChatMessage[], stream: boolean, signal: AbortSignal): Promise<Response> {
  return fetch(cfg.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cfg.key ? { Authorization: `Bearer ${cfg.key}` } : {}) },
    body: JSON.stringify({ model: cfg.model, messages, stream, temperature: 0.2, max_tokens: 400 }),
    signal,
  });
}

/** The whole answer (JSON callers). Throws on error, timeout or an empty answer. */
export async function completeChat(cfg: LlmConfig, messages: ChatMessage[]): Promise<string> {
  const res = await request(cfg, messages, false, AbortSignal.timeout(cfg.timeoutMs));
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const text = body.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || !text.trim()) throw new Error('LLM answered nothing');
  return text.trim();
}

/** The answer as it is generated (SSE from the endpoint, `data: {choices:[{delta:{content}}]}` lines). */
export async function* streamChat(cfg: LlmConfig, messages: ChatMessage[]): AsyncGenerator<string> {
  const res = await request(cfg, messages, true, AbortSignal.timeout(cfg.timeoutMs));
  if (!res.ok || !res.body) throw new Error(`LLM answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown } }> };
      const piece = parsed.choices?.[0]?.delta?.content;
      if (typeof piece === 'string' && piece) yield piece;
    }
  }
}
