import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locales';

describe('localeFromAcceptLanguage', () => {
  it('reads any Chinese as Simplified Chinese and any English as English', () => {
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh-TW')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
  });

  it('follows the weights, skipping languages the console does not speak', () => {
    expect(localeFromAcceptLanguage('en;q=0.5,zh-CN;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,zh;q=0.7,en;q=0.6')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh;q=0,en')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
  });
});

describe('resolveLocale', () => {
  it('puts the chosen language first', () => {
    expect(resolveLocale({ cookie: 'en', acceptLanguage: 'zh-CN', chineseAudience: true })).toBe('en');
    expect(resolveLocale({ cookie: 'zh-CN', acceptLanguage: 'en-US' })).toBe('zh-CN');
  });

  it('follows the account’s remembered choice in a browser that made none', () => {
    expect(resolveLocale({ account: 'zh-CN', acceptLanguage: 'en-US' })).toBe('zh-CN');
    expect(resolveLocale({ account: 'en', acceptLanguage: 'zh-CN', chineseAudience: true })).toBe('en');
    expect(resolveLocale({ cookie: 'en', account: 'zh-CN' })).toBe('en');
    expect(resolveLocale({ account: 'xx', acceptLanguage: 'zh-CN' })).toBe('zh-CN');
  });

  it('speaks Chinese to buyers who chose nothing, whatever their browser says', () => {
    expect(resolveLocale({ acceptLanguage: 'en-US', chineseAudience: true })).toBe('zh-CN');
  });

  it('otherwise follows the browser, and falls back to English', () => {
    expect(resolveLocale({ acceptLanguage: 'zh-CN,zh;q=0.9' })).toBe('zh-CN');
    expect(resolveLocale({ acceptLanguage: 'en-US' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'ja-JP' })).toBe('en');
    expect(resolveLocale({ cookie: 'fr', acceptLanguage: null })).toBe('en');
  });
});
