/**
 * How long the admin dashboard may take to show all it reads: seven reads at once (the
 * analytics, the charts' figures, the newsletter's), then five charts drawn. On a machine busy
 * with the browser tests in parallel that takes longer than one expectation's 7 s.
 */
export const dashboardLoadMs = 20_000;
