import { describe, expect, it } from 'vitest';
import { isChallenge, needsHuman } from './detect';

const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

describe('challenge detection', () => {
  it('recognises the cf-mitigated header whatever the body', () => {
    expect(isChallenge('challenge', '')).toBe(true);
    expect(isChallenge('Challenge', page('<p>hello</p>'))).toBe(true);
  });

  it.each([
    ['the "Just a moment" title', '<title>Just a moment...</title>'],
    ['a __cf_chl_ token', '<form action="/?__cf_chl_f_tk=abc"></form>'],
    [
      'the challenge platform script',
      '<script src="/cdn-cgi/challenge-platform/h/g/orchestrate"></script>',
    ],
    ['the cf-browser-verification box', '<div id="cf-browser-verification"></div>'],
  ])('recognises %s in the body', (_, marker) => {
    expect(isChallenge('', page(marker))).toBe(true);
  });

  it('does not take a real page, or one with Cloudflare scripts injected, for a challenge', () => {
    expect(
      isChallenge('', page('<section id="contentbody">Just a moment with friends</section>')),
    ).toBe(false);
    expect(
      isChallenge(
        '',
        page(
          '<section id="contentbody"><script src="/cdn-cgi/challenge-platform/x"></script></section>',
        ),
      ),
    ).toBe(false);
    expect(isChallenge('', page('<p>nothing here</p>'))).toBe(false);
  });

  it('tells an interactive CAPTCHA from a JavaScript challenge', () => {
    expect(needsHuman(page('<div class="cf-turnstile" data-sitekey="x"></div>'))).toBe(true);
    expect(needsHuman(page('<script>setTimeout(function(){location.reload()},500)</script>'))).toBe(
      false,
    );
  });
});
