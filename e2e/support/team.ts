/**
 * Department teams in browser tests: the e2e server writes every email to DATA_DIR/outbox/<id>.eml (see
 * email.spec.ts), so an invitation's /join/<token> link is read from there; `officerToken` makes a
 * member of a department through the API the way a person would (invite, join, sign in).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { APIRequestContext } from '@playwright/test';
import { budget, expect, uniqueEmail } from './fixtures';
import { roadPhotoPng } from './images';

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The /join/<token> path in the newest email to `address`, or null while there is none. */
async function newestJoinLink(address: string): Promise<string | null> {
  const names = await readdir(outbox()).catch(() => [] as string[]);
  const files = await Promise.all(
    names.filter((n) => n.endsWith('.eml')).map(async (n) => ({ file: path.join(outbox(), n), at: (await stat(path.join(outbox(), n))).mtimeMs })),
  );
  files.sort((a, b) => b.at - a.at);
  for (const { file } of files) {
    const raw = await readFile(file);
    // Other tests' mail shares the folder: parse only what may be for this address.
    if (!raw.includes(address)) continue;
    const mail = await simpleParser(raw);
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((t) => t.value.map((v) => v.address?.toLowerCase()));
    if (!to.includes(address.toLowerCase())) continue;
    const found = /https?:\/\/[^\s"<>]+(\/join\/[\w%-]+)/.exec(mail.text ?? '');
    if (found?.[1]) return found[1];
  }
  return null;
}

/** Waits for the invitation email (the sender works its queue in the background) and answers its link. */
export async function invitationLink(address: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = await newestJoinLink(address);
        return link !== null;
      },
      { timeout: budget(15_000), message: `an invitation email to ${address}` },
    )
    .toBe(true);
  return link as unknown as string;
}


/** A new member of the department `headToken` signs in for, invited, joined and signed in through the API. */
export async function officerToken(request: APIRequestContext, headToken: string, name: string, teamRole: 'officer' | 'head' = 'officer'): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('officer');
  const invited = await request.post('/api/gov/team/invites', { headers: { Authorization: `Bearer ${headToken}` }, data: { email, teamRole } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLink(email);
  const joined = await request.post(`/api${link.replace('/join/', '/gov/team/join/')}`, { data: { name, password: 'officer-pass', confirmPassword: 'officer-pass' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const login = await request.post('/api/gov/login', { data: { officialEmail: email, password: 'officer-pass' } });
  expect(login.status(), await login.text()).toBe(200);
  return { token: ((await login.json()) as { token: string }).token, email };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The department moves the report on until the reporter is asked to verify the fix (the final update with a photo). */
export async function toVerification(
  request: APIRequestContext,
  department: string,
  postId: string,
  finalCaption = 'Drain cleared and the grating replaced',
): Promise<void> {
  const order = ['Unseen', 'Problem Seen', 'Verified', 'Work Started', 'Work Near Completion'];
  const state = await request.get(`/api/posts/post/${postId}`, { headers: bearer(department) });
  expect(state.status(), await state.text()).toBe(200);
  const from = order.indexOf(((await state.json()) as { post: { progressState: string } }).post.progressState);
  for (let i = from; i < order.length - 1; i++) {
    const res = await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(department) });
    expect(res.status(), await res.text()).toBe(200);
  }
  const res = await request.put(`/api/gov/updateFinalWork/${postId}`, {
    headers: bearer(department),
    multipart: { finalCaption, images: { name: 'done.png', mimeType: 'image/png', buffer: roadPhotoPng() } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function rejectFix(request: APIRequestContext, reporter: string, postId: string, reason: string): Promise<void> {
  const res = await request.put(`/api/user/rejectResolution/${postId}`, { headers: bearer(reporter), data: { reason } });
  expect(res.status(), await res.text()).toBe(200);
}
