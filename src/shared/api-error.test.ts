import { describe, expect, it } from 'vitest';
import { fieldMessage } from './api-error.js';

describe('fieldMessage', () => {
  it('names the field at fault, its path joined by dots', () => {
    expect(fieldMessage(['publisher'], 'Publisher name is required')).toBe(
      'publisher: Publisher name is required',
    );
    expect(fieldMessage(['body', 'content', 3, 'attrs', 'src'], 'Bad image')).toBe(
      'body.content.3.attrs.src: Bad image',
    );
  });

  it('says the message alone when the whole input is at fault', () => {
    expect(fieldMessage([], 'Invalid request')).toBe('Invalid request');
  });
});
