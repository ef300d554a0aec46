/**
 * Issue 17 item 1: the `{ message }` of every answer in the language of the request's Accept-Language.
 *
 * The server writes its messages in English from the shared text objects (the spec's texts); one hook
 * here, before serialization, swaps a message for its translation (`localizeMessage`: the Hindi twin
 * of the same text, with the same names and numbers). It sees success answers and error answers alike
 * (the error handler and the not-found handler send `{ message }` objects too). A request without
 * Accept-Language, or one preferring English, gets exactly today's English.
 *
 * An answer whose message is one of ours says `Vary: Accept-Language`, so a cache never hands one
 * language's answer to a reader of the other.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLocalizable, localizeMessage, pickLanguage } from '@civicpulse/shared/i18n/server';

function varyOnLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : current === undefined ? '' : String(current))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-language')) return;
  reply.header('Vary', [...list, 'Accept-Language'].join(', '));
}

export function registerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return done(null, payload);
    const message = (payload as { message?: unknown }).message;
    if (typeof message !== 'string' || !isLocalizable(message)) return done(null, payload);
    varyOnLanguage(reply);
    const lang = pickLanguage(request.headers['accept-language']);
    const translated = localizeMessage(message, lang);
    done(null, translated === message ? payload : { ...payload, message: translated });
  });
}
