/** The server's own article messages (the spec's are `articleMessages` in src/shared). */
export const articleInputMessages = {
  unknownPublisher: 'Please choose a publisher from the list',
  foreignImage: 'Please upload the image with the image field',
} as const;
