/**
 * The series colours of the charts in notes, one list per theme, each colour at least 3:1 against its
 * theme's background and surfaces (WCAG 1.4.11). No one colour does well on both: a blue dark enough for
 * the light page looks faint on the dark one. The server draws the SVG in the light colours, which a
 * feed reader shows as they are, and marks each element drawn in a series colour with a class; the site's
 * stylesheet gives that class its theme's colour.
 */
export const CHART_SERIES_COLOURS = {
  light: ['#2a7fb8', '#d95f02', '#9a6fc4', '#3e8e9e', '#c2577f', '#7570b3', '#d1603d', '#4f9a4a'],
  dark: ['#5aa9e6', '#f5994a', '#b898e8', '#4fbfca', '#e886aa', '#9c97e0', '#f08a6c', '#7cc475'],
} as const;

/** The class of an element whose fill, or stroke, is the colour of series `index` (from 0). */
export const chartSeriesClass = (property: 'fill' | 'stroke', index: number) => `chart-${property}-${index + 1}`;
