import { startGuestTicketPage } from './features/guest-ticket/guest-ticket-page';
import { registerGuestWorker } from './features/guest-ticket/pwa/register-guest-worker';
import { tokenFromPath } from './features/guest-ticket/utils/token-from-path';
import './features/guest-ticket/guest-ticket.css';

/*
 * The guest's ticket page (t.html, sent by the server for /t/*): public, no login. A page of its own
 * like the scanner (docs/decisions/017), and smaller still: no React, no router, no queries — a
 * guest opens it on venue mobile data to show a QR, so it draws itself with the DOM (about a tenth of
 * React's weight; scripts/route-budget.mjs keeps it so). It opens with no network once loaded: a
 * service worker scoped to /t/ keeps the page and the last answer per ticket.
 */
startGuestTicketPage(document.getElementById('root')!, tokenFromPath(window.location.pathname));

registerGuestWorker();
