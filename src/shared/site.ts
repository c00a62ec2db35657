/** The site's name, used in the masthead, page titles and the footer. */
export const siteName = 'Tribune';
