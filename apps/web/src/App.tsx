import { lazy as reactLazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { TEXTS } from '@civicpulse/shared';
import { textsReady, useLocalized } from './i18n';
import { Layout } from './components/Layout';
import { GuestOnly, RequireRole } from './components/guards';
import { useSession } from './session/useSession';
// `/` (landing page or feed): a few lines that pick one of the two lazy screens.
import Home from './routes/Home';

/**
 * A lazy screen that renders once every shared text object is there in the current language: in Hindi
 * the first render of the landing page, login, signup and the feed has only their own (i18n/index.ts),
 * so any other screen reached from them waits for the rest rather than showing English.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(() => Promise.all([load(), textsReady()]).then(([module]) => module));
}

// The dashboards' frame (side menu): none of the public pages or the feed needs it.
const DashboardShell = lazy(() => import('./components/DashboardShell').then((m) => ({ default: m.DashboardShell })));

// Their shared texts are part of the first render's (i18n/index.ts hindiPartsFor), not all of them.
const Login = reactLazy(() => Promise.all([import('./routes/Login'), textsReady('login')]).then(([module]) => module));
const Signup = reactLazy(() => Promise.all([import('./routes/Signup'), textsReady('forms')]).then(([module]) => module));
const About = lazy(() => import('./routes/About'));
const Services = lazy(() => import('./routes/Services'));
const Contact = lazy(() => import('./routes/Contact'));
const Policy = lazy(() => import('./routes/Policy'));
const Terms = lazy(() => import('./routes/Terms'));
const Developers = lazy(() => import('./routes/Developers'));
const Help = lazy(() => import('./routes/Help'));
const HelpArticle = lazy(() => import('./routes/HelpArticle'));
const NotFound = lazy(() => import('./routes/NotFound'));
const ServiceRedirect = lazy(() => import('./routes/ServiceRedirect'));
const PostPage = lazy(() => import('./routes/PostPage'));
const Acknowledgement = lazy(() => import('./routes/Acknowledgement'));
const ProfilePage = lazy(() => import('./routes/ProfilePage'));

const UserHome = lazy(() => import('./routes/dashboard/user/UserHome'));
const CreatePost = lazy(() => import('./routes/dashboard/user/CreatePost'));
const UserPosts = lazy(() => import('./routes/dashboard/user/UserPosts'));
const Posts = lazy(() => import('./routes/dashboard/user/Posts'));
const UpvotedIssues = lazy(() => import('./routes/dashboard/user/UpvotedIssues'));
const DownvotedIssues = lazy(() => import('./routes/dashboard/user/DownvotedIssues'));
const CommunityChat = lazy(() => import('./routes/dashboard/user/CommunityChat'));
const UserProfile = lazy(() => import('./routes/dashboard/user/UserProfile'));
const UserSettings = lazy(() => import('./routes/dashboard/user/UserSettings'));

const GovernmentHome = lazy(() => import('./routes/dashboard/government/GovernmentHome'));
const ViewPosts = lazy(() => import('./routes/dashboard/government/ViewPosts'));
const ViewProgress = lazy(() => import('./routes/dashboard/government/ViewProgress'));
const ResolvedIssues = lazy(() => import('./routes/dashboard/government/ResolvedIssues'));
const GovernmentProfile = lazy(() => import('./routes/dashboard/government/GovernmentProfile'));
const GovernmentSettings = lazy(() => import('./routes/dashboard/government/GovernmentSettings'));
const Team = lazy(() => import('./routes/dashboard/government/Team'));
const GovernmentAppeals = lazy(() => import('./routes/dashboard/government/Appeals'));

const AdminHome = lazy(() => import('./routes/dashboard/admin/AdminHome'));
const AdminProfile = lazy(() => import('./routes/dashboard/admin/AdminProfile'));
const ManagePosts = lazy(() => import('./routes/dashboard/admin/ManagePosts'));
const ManageUsers = lazy(() => import('./routes/dashboard/admin/ManageUsers'));
const ManageGovernment = lazy(() => import('./routes/dashboard/admin/ManageGovernment'));
const AuditLog = lazy(() => import('./routes/dashboard/admin/AuditLog'));
const ServiceLevels = lazy(() => import('./routes/dashboard/admin/ServiceLevels'));
const ApiKeys = lazy(() => import('./routes/dashboard/admin/ApiKeys'));
const Triage = lazy(() => import('./routes/dashboard/admin/Triage'));
const AdminAppeals = lazy(() => import('./routes/dashboard/admin/Appeals'));
const Moderation = lazy(() => import('./routes/dashboard/admin/Moderation'));
// Where a "Hidden by moderation" notification leads the author of a comment or chat message.
const ModerationReview = lazy(() => import('./routes/ModerationReview'));
const OpenData = lazy(() => import('./routes/OpenData'));
// Forgot and reset password, verify the address, unsubscribe (issue 27): one chunk for the four.
const EmailLinkPage = lazy(() => import('./routes/email/EmailLinkPage'));
const ExtraPage = lazy(() => import('./routes/ExtraPage'));
// The page a head's emailed invitation opens (department teams): public, like the pages above.
const JoinTeam = lazy(() => import('./routes/JoinTeam'));

/** The route table of spec 2.1. */
export function App() {
  const { loading } = useSession();
  const errors = useLocalized(TEXTS).errors;
  // Spec 2.1: while the session loads, nothing is rendered.
  if (loading) return null;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="login" element={<GuestOnly><Login /></GuestOnly>} />
        <Route path="signup" element={<GuestOnly><Signup /></GuestOnly>} />
        <Route path="about" element={<About />} />
        <Route path="services" element={<Services />} />
        <Route path="contact" element={<Contact />} />
        <Route path="policy" element={<Policy />} />
        <Route path="terms" element={<Terms />} />
        <Route path="developers" element={<Developers />} />
        <Route path="open-data" element={<OpenData />} />
        <Route path="help" element={<Help />} />
        <Route path="help/:slug" element={<HelpArticle />} />
        <Route path="report" element={<ServiceRedirect service="report" />} />
        <Route path="track" element={<ServiceRedirect service="track" />} />
        <Route path="updates" element={<ServiceRedirect service="updates" />} />
        <Route path="forum" element={<ServiceRedirect service="forum" />} />
        <Route path="forgot-password" element={<EmailLinkPage page="forgot" />} />
        <Route path="reset-password" element={<EmailLinkPage page="reset" />} />
        <Route path="verify-email" element={<EmailLinkPage page="verify" />} />
        <Route path="unsubscribe" element={<EmailLinkPage page="unsubscribe" />} />
        <Route path="join/:token" element={<JoinTeam />} />

        <Route path="alerts" element={<RequireRole message={errors.tokenNotFound}><ExtraPage page="alerts" /></RequireRole>} />
        <Route path="reports" element={<ExtraPage page="reports" />} />
        <Route path="post/:postId" element={<PostPage />} />
        <Route path="moderation/review/:kind/:id" element={<RequireRole message={errors.tokenNotFound}><ModerationReview /></RequireRole>} />
        <Route path="post/:postId/acknowledgement" element={<RequireRole message={errors.loginToViewPost}><Acknowledgement /></RequireRole>} />
        <Route path="user/profile/:role/:userId" element={<RequireRole message={errors.tokenNotFound}><ProfilePage /></RequireRole>} />
        <Route path="user/profile/:userId" element={<RequireRole message={errors.tokenNotFound}><ProfilePage /></RequireRole>} />
        <Route path="user/:userId" element={<RequireRole message={errors.tokenNotFound}><ProfilePage /></RequireRole>} />

        <Route path="user/dashboard" element={<RequireRole role="user"><DashboardShell role="user" /></RequireRole>}>
          <Route index element={<UserHome />} />
          <Route path="createPost" element={<CreatePost />} />
          <Route path="userPosts" element={<UserPosts />} />
          <Route path="posts" element={<Posts />} />
          <Route path="upvotedIssues" element={<UpvotedIssues />} />
          <Route path="downvotedIssues" element={<DownvotedIssues />} />
          <Route path="communityChat" element={<CommunityChat />} />
          <Route path="userProfile" element={<UserProfile />} />
          <Route path="settings" element={<UserSettings />} />
          <Route path="*" element={<NotFound />} />
        </Route>

        <Route
          path="government/dashboard"
          element={<RequireRole role="government"><DashboardShell role="government" /></RequireRole>}
        >
          <Route index element={<GovernmentHome />} />
          <Route path="viewPosts" element={<ViewPosts />} />
          <Route path="viewProgress" element={<ViewProgress />} />
          <Route path="resolvedIssues" element={<ResolvedIssues />} />
          <Route path="governmentProfile" element={<GovernmentProfile />} />
          <Route path="settings" element={<GovernmentSettings />} />
          <Route path="team" element={<Team />} />
          <Route path="appeals" element={<GovernmentAppeals />} />
          <Route path="*" element={<NotFound />} />
        </Route>

        <Route path="admin/dashboard" element={<RequireRole role="admin"><DashboardShell role="admin" /></RequireRole>}>
          <Route index element={<AdminHome />} />
          <Route path="profile" element={<AdminProfile />} />
          <Route path="managePosts" element={<ManagePosts />} />
          <Route path="manageGovernment" element={<ManageGovernment />} />
          <Route path="manageUsers" element={<ManageUsers />} />
          <Route path="auditLog" element={<AuditLog />} />
          <Route path="serviceLevels" element={<ServiceLevels />} />
          <Route path="apiKeys" element={<ApiKeys />} />
          <Route path="triage" element={<Triage />} />
          <Route path="appeals" element={<AdminAppeals />} />
          <Route path="moderation" element={<Moderation />} />
          <Route path="*" element={<NotFound />} />
        </Route>

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
