import type messages from '../../messages/en.json';
import type { formats } from './formats';
import type { Locale } from './locales';

// Typed keys: `t('login.titel')` or a missing argument is a type error. en.json is the shape; the
// catalogue test keeps zh-CN.json to the same keys.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
    Formats: typeof formats;
  }
}
