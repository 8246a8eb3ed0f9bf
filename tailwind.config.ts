import type { Config } from 'tailwindcss';
import colors from 'tailwindcss/colors';

/**
 * The console's theme, loaded by src/app/globals.css with `@config`: the palette it draws with
 * (slate for text and surfaces, indigo for actions, emerald/amber/rose for states, sky and violet
 * for accents), the type stacks (CJK fonts for Chinese text on every platform) and the radii.
 * A colour outside this palette does not exist, so a stray `bg-lime-500` fails to style loudly.
 */
export default {
  content: ['./src/**/*.{ts,tsx}'],
  theme: {
    colors: {
      inherit: 'inherit',
      current: 'currentColor',
      transparent: 'transparent',
      black: colors.black,
      white: colors.white,
      slate: colors.slate,
      indigo: colors.indigo,
      violet: colors.violet,
      sky: colors.sky,
      emerald: colors.emerald,
      amber: colors.amber,
      rose: colors.rose,
    },
    fontFamily: {
      sans: [
        'ui-sans-serif',
        'system-ui',
        '-apple-system',
        'Segoe UI',
        'PingFang SC',
        'Hiragino Sans GB',
        'Microsoft YaHei',
        'Noto Sans CJK SC',
        'Noto Sans SC',
        'WenQuanYi Micro Hei',
        'sans-serif',
      ],
      mono: [
        'ui-monospace',
        'SFMono-Regular',
        'SF Mono',
        'Menlo',
        'Consolas',
        'Liberation Mono',
        'Noto Sans Mono CJK SC',
        'monospace',
      ],
    },
    borderRadius: {
      none: '0',
      sm: '0.25rem',
      DEFAULT: '0.25rem',
      md: '0.375rem',
      lg: '0.5rem',
      xl: '0.75rem',
      '2xl': '1rem',
      full: '9999px',
    },
  },
} satisfies Config;
