import { CHART_SERIES_COLOURS } from '@/contract/chartColours';

import type { ThemeMode } from './themeSlice';

const shared = {
  fonts: {
    body: "'Source Serif 4', 'Source Serif Pro', 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif",
    ui: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  /** Type scale (rem). */
  fontSizes: { xs: '0.8125rem', sm: '0.9375rem', md: '1.0625rem', lg: '1.25rem', xl: '1.625rem', xxl: '2.25rem', hero: 'clamp(2.25rem, 6vw, 3.5rem)' },
  /** Spacing scale in 4/8 px steps. */
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64, 96].map((px) => `${px}px`),
  radii: { sm: '4px', md: '8px', lg: '14px', round: '50%' },
  maxWidth: { text: '70ch', page: '1120px' },
  breakpoints: { phone: '600px', tablet: '900px', wide: '1200px' },
  topBarHeight: '64px',
};

type ColorName =
  | 'background'
  | 'surface'
  | 'surfaceAlt'
  | 'text'
  | 'muted'
  | 'border'
  | 'accent'
  | 'accentHover'
  | 'onAccent'
  | 'focus'
  | 'danger'
  | 'dangerSurface'
  | 'success'
  | 'successSurface'
  | 'info'
  | 'infoSurface'
  | 'overlay'
  | 'codeKeyword'
  | 'codeString'
  | 'codeNumber'
  | 'codeComment'
  | 'codeTitle'
  | 'codeBuiltIn'
  | 'codeAttr'
  | 'codeMeta';

type Palette = Record<ColorName, string>;

/**
 * The light and dark palettes: one accent on a neutral palette, contrast ≥ 4.5:1 for text. The code
 * colours (highlighted code in notes) keep that contrast on surfaceAlt, the code block's background.
 */
export const palettes: Record<ThemeMode, Palette> = {
  light: {
    background: '#faf8f4',
    surface: '#ffffff',
    surfaceAlt: '#f1ede5',
    text: '#1d2327',
    muted: '#505b63',
    border: '#d9d3c7',
    accent: '#1f5f74',
    accentHover: '#174a5b',
    onAccent: '#ffffff',
    focus: '#c2410c',
    danger: '#a3231b',
    dangerSurface: '#fbeceb',
    success: '#1d6b3a',
    successSurface: '#e8f4ec',
    info: '#1f5f74',
    infoSurface: '#e6f0f3',
    overlay: 'rgba(20, 24, 27, 0.55)',
    codeKeyword: '#8a2c7c',
    codeString: '#1d6b3a',
    codeNumber: '#9c4400',
    codeComment: '#5a636a',
    codeTitle: '#1f5a96',
    codeBuiltIn: '#6b4fa8',
    codeAttr: '#8a5a00',
    codeMeta: '#a3231b',
  },
  dark: {
    background: '#14181b',
    surface: '#1c2226',
    surfaceAlt: '#232a2f',
    text: '#e8e6e1',
    muted: '#a9b2b8',
    border: '#38424a',
    accent: '#7cc4d8',
    accentHover: '#9fd5e4',
    onAccent: '#0c1214',
    focus: '#fdba74',
    danger: '#f4a39c',
    dangerSurface: '#3a1f1d',
    success: '#8fd6a8',
    successSurface: '#1b3325',
    info: '#7cc4d8',
    infoSurface: '#1a2e35',
    overlay: 'rgba(0, 0, 0, 0.65)',
    codeKeyword: '#e6a6ea',
    codeString: '#9fd89a',
    codeNumber: '#f5b983',
    codeComment: '#a2acb2',
    codeTitle: '#8ec5f5',
    codeBuiltIn: '#c3b2f5',
    codeAttr: '#ecc97a',
    codeMeta: '#f4a39c',
  },
};

const colorNames = Object.keys(palettes.light) as ColorName[];
const variable = (name: ColorName) => `--color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The variable of a chart series' colour, whose values per theme the server shares (server/contract/chartColours.ts). */
const chartVariable = (index: number) => `--chart-series-${index + 1}`;

/** A palette, and the charts' series colours, as CSS custom properties for the root element (see GlobalStyle). */
export const paletteVariables = (mode: ThemeMode): string =>
  [
    ...colorNames.map((name) => `${variable(name)}: ${palettes[mode][name]};`),
    ...CHART_SERIES_COLOURS[mode].map((colour, index) => `${chartVariable(index)}: ${colour};`),
  ].join(' ');

/**
 * One theme for both modes: colours are CSS variables that the `dark` class on <html> switches.
 * So the markup is the same whatever the visitor's choice (a server-rendered page fits every
 * visitor) and switching re-renders nothing.
 */
export const theme = {
  ...shared,
  colors: Object.fromEntries(colorNames.map((name) => [name, `var(${variable(name)})`])) as Palette,
  /** The colour of each series of a chart in a note, by its index. */
  chartSeries: CHART_SERIES_COLOURS.light.map((_colour, index) => `var(${chartVariable(index)})`),
};
