import { isValidElement } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { AppFrame } from './components/AppFrame';
import { RedirectIfSignedIn } from './components/RedirectIfSignedIn';
import { RequireAuth } from './components/RequireAuth';
import { RouteErrorPage } from './components/RouteErrorPage';
import { lazyPage, type LazyPage } from './router/lazy-page';

/** The project screen's address; a signed-in start there also reads the project early (signed-in-start). */
export const PROJECT_PAGE_ROUTE = 'project/:projectId';

const LandingPage = lazyPage(() => import('./features/landing/LandingPage'));
const RoadmapPage = lazyPage(() => import('./features/roadmap/RoadmapPage'));
const ImprintPage = lazyPage(() => import('./features/legal/ImprintPage'));
const PrivacyPage = lazyPage(() => import('./features/legal/PrivacyPage'));
const TermsPage = lazyPage(() => import('./features/legal/TermsPage'));
const NotFoundPage = lazyPage(() => import('./features/not-found/NotFoundPage'));
const SignInPage = lazyPage(() => import('./features/auth/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/auth/SignUpPage'));
const ForgotPasswordPage = lazyPage(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./features/auth/ResetPasswordPage'));
const ProjectsPage = lazyPage(() => import('./features/projects/ProjectsPage'));
const ProjectPage = lazyPage(() => import('./features/projects/ProjectPage'));
const ContactsPage = lazyPage(() => import('./features/contacts/ContactsPage'));
const ContactValidatePage = lazyPage(() => import('./features/validation/ContactValidatePage'));
const MailAddressConfirmPage = lazyPage(() => import('./features/validation/MailAddressConfirmPage'));
const UserValidatePage = lazyPage(() => import('./features/validation/UserValidatePage'));
const AccountPage = lazyPage(() => import('./features/account/AccountPage'));
const DownloadPage = lazyPage(() => import('./features/downloads/DownloadPage'));
const QrCheckPage = lazyPage(() => import('./features/qr-check/QrCheckPage'));
const InvitationPage = lazyPage(() => import('./features/invitation/InvitationPage'));
// The plan viewer (pdf.js, dxf-viewer) loads only when a plan is opened: the lists do not carry it.
const ViewerPage = lazyPage(() => import('./features/viewer/ViewerPage'));
const RecipientViewerPage = lazyPage(() => import('./features/viewer/RecipientViewerPage'));

/** The routes of spec §2. Only exactly '/' is the landing page; every unknown path is the 404 page. */
export const router = createBrowserRouter([
  {
    element: <AppFrame />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'imprint', element: <ImprintPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: '404', element: <NotFoundPage /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'signup', element: <SignUpPage /> },
        ],
      },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:code', element: <ResetPasswordPage /> },
      { path: 'contact/validate/:validationCode', element: <ContactValidatePage /> },
      { path: 'user/validate/:validationCode', element: <UserValidatePage /> },
      { path: 'mail-address/confirm/:code', element: <MailAddressConfirmPage /> },
      { path: 'd/:token', element: <DownloadPage /> },
      { path: 'd/:token/view/:fileId', element: <RecipientViewerPage /> },
      { path: 'q/:token', element: <QrCheckPage /> },
      { path: 'invitation/:token', element: <InvitationPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'roadmap', element: <RoadmapPage /> },
          { path: 'projects', element: <ProjectsPage /> },
          { path: PROJECT_PAGE_ROUTE, element: <ProjectPage /> },
          { path: 'project/:projectId/view/:fileId', element: <ViewerPage /> },
          { path: 'contacts', element: <ContactsPage /> },
          { path: 'profile', element: <AccountPage /> },
          { path: 'profile/:tab', element: <AccountPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'object' && type !== null && 'preload' in type && typeof type.preload === 'function';

/**
 * Starts loading the page at this address (its chunk), before the frame around it asks for it.
 * Settles when it is there; a failed load shows when the page renders.
 */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(router.routes, pathname) ?? []) {
    if (isValidElement(route.element) && isLazyPage(route.element.type))
      loads.push(route.element.type.preload().catch(() => undefined));
  }
  return Promise.all(loads);
}
