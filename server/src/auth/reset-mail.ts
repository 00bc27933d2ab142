import type { Locale } from '@capshelf/contract';

/** The reset mail in the language the user chose in 设置 (the request itself carries none). */
export function resetMail(
  locale: Locale,
  { name, minutes, link }: { name: string; minutes: number; link: string },
): { subject: string; text: string } {
  // An account with no display name is greeted without one, not with a stray space.
  if (locale === 'en') {
    return {
      subject: 'Reset your capshelf password',
      text:
        (name ? `Hello ${name},\n\n` : 'Hello,\n\n') +
        `We received a request to reset the password of your capshelf account. Open this link within ${minutes} minutes to set a new one:\n\n${link}\n\n` +
        'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n',
    };
  }
  return {
    subject: '重置您的 capshelf 密码',
    text:
      (name ? `您好 ${name}，\n\n` : '您好，\n\n') +
      `我们收到了重置您 capshelf 账户密码的请求。请在 ${minutes} 分钟内打开以下链接设置新密码：\n\n${link}\n\n` +
      '该链接只能使用一次。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。\n',
  };
}
