/** The line under the masthead and in the home page's title. */
export const tagline = 'Independent news for curious readers';
