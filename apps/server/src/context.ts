import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { TokenService } from './lib/tokens.js';
import { MediaRepo } from './media/repo.js';
import type { Storage } from './media/storage.js';
import { AccountsRepo } from './modules/accounts/index.js';
import { UnitOfWork } from './events/unitOfWork.js';
import { CommentsRepo, CommentsService } from './modules/comments/index.js';
import { VotesRepo, VotesService } from './modules/votes/index.js';
import { ContactRepo, ContactService } from './modules/contact/index.js';
import { PostListingRepo, PostReads, PostReadsRepo, PostsRepo, PostsService, PostViews } from './modules/posts/index.js';
import { ProgressRepo, CaseworkRepo, CaseworkService, DuplicatesRepo, DuplicatesService, ProgressService } from './modules/progress/index.js';
import { AdminRepo } from './modules/admin/index.js';
import { AdminService } from './modules/admin/index.js';
import { ProfilesService } from './modules/profiles/index.js';
import { AccountService } from './modules/account/index.js';
import { EventBus } from './events/index.js';
import { AuthService } from './modules/auth/index.js';
import { RoutingService } from './modules/routing/index.js';
import { JurisdictionsRepo } from './modules/jurisdictions/index.js';
import { JurisdictionsService } from './modules/jurisdictions/index.js';
import { ChatRepo } from './modules/chat/index.js';
import { ChatService } from './modules/chat/index.js';
import { NotificationsRepo } from './modules/notifications/index.js';
import { NotificationsService } from './modules/notifications/index.js';
import { createLimiter } from './lib/limiter.js';
import { MemoryGuardStore, RedisGuardStore } from './lib/loginGuard.js';
import { AssistantRepo } from './modules/assistant/index.js';
import { AssistantService } from './modules/assistant/index.js';
import { HELP_HI_DIR, loadHelpCorpus } from './modules/assistant/index.js';
import { HelpIndex } from './modules/assistant/index.js';
import type { Redis } from 'ioredis';
import { systemClock, type Clock } from './lib/clock.js';
import { ServiceLevelsRepo } from './modules/servicelevels/index.js';
import { ServiceLevelsService } from './modules/servicelevels/index.js';
import { Open311Repo } from './modules/open311/index.js';
import { Open311Service } from './modules/open311/index.js';
import { OpenDataRepo } from './modules/opendata/index.js';
import { OpenDataService } from './modules/opendata/index.js';
import { AccountLinks, LinksRepo } from './modules/auth/index.js';
import { MailRepo, MailSender, MailService, UnsubscribeTokens, createMailTransport } from './modules/mail/index.js';
import { exclusiveRunner } from './db/lock.js';
import { AlertMatcher, AlertsRepo, AlertsService } from './modules/alerts/index.js';
import { PushRepo, PushSender, PushService } from './modules/push/index.js';
import { FollowNotifier, FollowsRepo, FollowsService } from './modules/follows/index.js';
import { NotesRepo, NotesService } from './modules/notes/index.js';
import { ModerationRepo, ModerationService } from './modules/moderation/index.js';
import { TeamRepo, TeamService, TemplatesRepo } from './modules/team/index.js';
import { RedactionRepo, RedactionService } from './modules/redaction/index.js';
import { ACCOUNT_EMAIL_LIMITS } from '@civicpulse/shared';

/** Everything a route needs, built once per app: repositories (queries) and services (rules). */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  tokens: TokenService;
  /** Committed write events (audit, notifications, chat, post changes) for in-process listeners. */
  bus: EventBus;
  /** Shared by every process when REDIS_URL is set (rate limits, the live adapter). */
  redis: Redis | undefined;
  /** The help corpus and its search index, built once at start. */
  help: HelpIndex;
  /** The time services go by (service levels); tests pass a ManualClock. */
  clock: Clock;
  repos: { accounts: AccountsRepo; media: MediaRepo };
  services: {
    account: AccountService;
    admin: AdminService;
    assistant: AssistantService;
    auth: AuthService;
    links: AccountLinks;
    mail: MailService;
    /** Works the email queue (started and stopped by app.ts). */
    mailSender: MailSender;
    alerts: AlertsService;
    /** Matches new reports against area alerts (started and stopped by app.ts). */
    alertMatcher: AlertMatcher;
    push: PushService;
    /** Works the push queue (started and stopped by app.ts). */
    pushSender: PushSender;
    follows: FollowsService;
    notes: NotesService;
    /** Flags, the moderation queue, hidden content and suspensions. */
    moderation: ModerationService;
    redaction: RedactionService;
    team: TeamService;
    casework: CaseworkService;
    /** Duplicate reports: marks and their reversal (votes and follows moved through their services). */
    duplicates: DuplicatesService;
    /** Tells followers of moves (started and stopped by app.ts). */
    followNotifier: FollowNotifier;
    chat: ChatService;
    comments: CommentsService;
    contact: ContactService;
    jurisdictions: JurisdictionsService;
    notifications: NotificationsService;
    open311: Open311Service;
    openData: OpenDataService;
    profiles: ProfilesService;
    posts: PostsService;
    postViews: PostViews;
    progress: ProgressService;
    routing: RoutingService;
    serviceLevels: ServiceLevelsService;
    votes: VotesService;
  };
}

export function createContext(
  config: Config,
  database: Database,
  storage: Storage,
  tokens: TokenService,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  redis?: Redis,
  clock: Clock = systemClock,
  /** Tests: the https agent push requests use (to trust a loopback push service). */
  pushAgent?: import('node:https').Agent,
): AppContext {
  const bus = new EventBus(log);
  // Every write commits through it: events stored in the write's transaction, emitted after the commit.
  const work = new UnitOfWork(database.db, database.engine, bus, clock);
  const accounts = new AccountsRepo(work);
  const posts = new PostsRepo(work);
  const listing = new PostListingRepo(database.db);
  // Other modules' reads of the posts table; built first, as routing and service levels need it.
  const postReads = new PostReads(new PostReadsRepo(database.db), listing);
  // Every admin action also goes to the server log, with who did it and why.
  bus.on('audit', (e) => log.info({ audit: e.entry }, `admin ${e.entry.action} ${e.entry.target_type} ${e.entry.target_id}`));
  const serviceLevels = new ServiceLevelsService(new ServiceLevelsRepo(work), accounts, postReads, clock);
  const jurisdictions = new JurisdictionsService(new JurisdictionsRepo(work), postReads, clock);
  const postsService = new PostsService(posts, storage, serviceLevels, clock, jurisdictions);
  const votes = new VotesService(new VotesRepo(work), postsService, clock);
  const comments = new CommentsService(new CommentsRepo(work), postsService, clock);
  const progress = new ProgressService(new ProgressRepo(work), postsService, storage, serviceLevels, clock, jurisdictions, (id) => accounts.findById(id));
  const postViews = new PostViews(listing, postsService, votes, comments, progress, clock);
  const adminService = new AdminService(accounts, new AdminRepo(database.db), postReads, storage, log, jurisdictions, clock);
  const help = new HelpIndex(loadHelpCorpus(), loadHelpCorpus(HELP_HI_DIR));
  const askLimit = { max: config.assistant.rateMax, windowMs: config.rateLimit.windowMs };
  const assistant = new AssistantService(
    help,
    new AssistantRepo(database.db),
    postReads,
    { address: createLimiter(redis, { name: 'ask-ip', ...askLimit }), account: createLimiter(redis, { name: 'ask-account', ...askLimit }) },
    config.assistant.llm,
    log,
  );
  const chatLimiter = createLimiter(redis, { name: 'chat', max: config.rateLimit.chatMax, windowMs: config.rateLimit.windowMs });
  const chat = new ChatService(new ChatRepo(work), chatLimiter, clock);
  // One budget per account for every login tab and every process (issue 25).
  const loginGuard = redis
    ? new RedisGuardStore(redis, config.loginGuard, 'civicpulse-login:', (err) => log.warn({ err }, 'login budget: Redis failed, counting in memory'))
    : new MemoryGuardStore(config.loginGuard);
  // Issue 27: the email queue and the links it carries.
  const links = new AccountLinks(
    accounts,
    new LinksRepo(work),
    createLimiter(redis, { name: 'mail-links', max: ACCOUNT_EMAIL_LIMITS.linksPerHour, windowMs: 3_600_000 }),
    config,
    clock,
    loginGuard,
  );
  const mailRepo = new MailRepo(work);
  const unsubscribe = new UnsubscribeTokens(config.jwtSecret);
  const mailSender = new MailSender(
    mailRepo,
    createMailTransport({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir, timeoutMs: config.mail.timeoutMs }),
    unsubscribe,
    postReads,
    clock,
    exclusiveRunner(database),
    log,
    { from: config.mail.from, baseUrl: config.publicUrl ?? `http://localhost:${config.port}`, leaseMs: config.mail.leaseMs, maxAttempts: config.mail.maxAttempts, pollMs: config.mail.pollMs },
  );
  bus.on('mail', () => mailSender.nudge());
  // Issue 27 item 6: area alerts, matched after each report's commit.
  const alertsRepo = new AlertsRepo(work);
  const alertMatcher = new AlertMatcher(alertsRepo, exclusiveRunner(database), log, config.alertPollMs);
  bus.on('alertScan', () => alertMatcher.nudge());
  // Issue 27 item 7: Web Push, queued with each delivered notification.
  const pushRepo = new PushRepo(work);
  const pushSender = new PushSender(pushRepo, clock, exclusiveRunner(database), log, {
    publicKey: config.push.publicKey,
    privateKey: config.push.privateKey,
    subject: config.push.subject,
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    leaseMs: config.mail.leaseMs,
    maxAttempts: config.mail.maxAttempts,
    pollMs: config.mail.pollMs,
    timeoutMs: config.mail.timeoutMs,
    agent: pushAgent,
  });
  bus.on('pushQueued', () => pushSender.nudge());
  // Issue 27 item 5: following reports; followers are told of moves after the commit.
  const followsRepo = new FollowsRepo(work);
  const followNotifier = new FollowNotifier(followsRepo, exclusiveRunner(database), log, config.alertPollMs);
  bus.on('followFanout', () => followNotifier.nudge());
  // Duplicates: the votes and follows a mark moves are written by their own modules, in the mark's transaction.
  const follows = new FollowsService(followsRepo, clock);
  const duplicates = new DuplicatesService(
    new DuplicatesRepo(work, {
      copyVotes: (trx, from, to, at) => votes.copyVotes(trx, from, to, at),
      copyFollows: (trx, from, to, at) => follows.copyFollows(trx, from, to, at),
      removeVotes: (trx, postId, copied) => votes.removeCopied(trx, postId, copied),
      removeFollows: (trx, postId, copied) => follows.removeCopied(trx, postId, copied),
    }),
    postsService,
    clock,
    async (id) => (await accounts.findById(id))?.name,
  );
  const open311Limiter = createLimiter(redis, { name: 'open311-key', max: config.open311.rateMax, windowMs: config.rateLimit.windowMs });
  return {
    config,
    database,
    storage,
    tokens,
    bus,
    redis,
    help,
    clock,
    repos: { accounts, media: new MediaRepo(database.db) },
    services: {
      admin: adminService,
      assistant,
      auth: new AuthService(accounts, tokens, storage, config, loginGuard, config.loginGuard, clock, links),
      links,
      mail: new MailService(accounts, unsubscribe, clock),
      mailSender,
      alerts: new AlertsService(alertsRepo, clock),
      alertMatcher,
      push: new PushService(pushRepo, config.push, config.push.publicKey, clock),
      pushSender,
      follows,
      duplicates,
      notes: new NotesService(new NotesRepo(database.db), clock),
      moderation: new ModerationService(
        new ModerationRepo(work),
        {
          removePost: (admin, id, reason) => postsService.remove(id, admin, { asAdmin: true, reason }),
          removeComment: (admin, c) =>
            c.parentId === null
              ? comments.deleteComment(admin, { postId: c.postId, commentId: c.id })
              : comments.deleteReply(admin, { postId: c.postId, replyId: c.id }),
          removeChatMessage: (admin, id) => chat.remove(admin, id),
        },
        config.moderation,
        clock,
      ),
      redaction: new RedactionService(new RedactionRepo(work), storage, log),
      team: new TeamService(new TeamRepo(work), postsService, config, clock, new TemplatesRepo(database.db)),
      casework: new CaseworkService(new CaseworkRepo(work), postsService, serviceLevels, clock, async (id) => (await accounts.findById(id))?.name),
      followNotifier,
      chat,
      comments,
      contact: new ContactService(new ContactRepo(database.db), clock),
      notifications: new NotificationsService(new NotificationsRepo(database.db)),
      open311: new Open311Service(new Open311Repo(work), accounts, postsService, postReads, open311Limiter, clock),
      openData: new OpenDataService(new OpenDataRepo(database.db), postReads, clock),
      profiles: new ProfilesService(accounts, storage, postViews, adminService, clock),
      account: new AccountService(accounts, postReads, storage, config, log, jurisdictions, clock),
      jurisdictions,
      posts: postsService,
      postViews,
      progress,
      serviceLevels,
      votes,
      routing: new RoutingService(config.routing, log),
    },
  };
}
