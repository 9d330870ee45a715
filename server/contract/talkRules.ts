/** The rules of talks that the SPA checks too: plain values, so the SPA can import them without TypeBox. */
export const TALK_TYPES = ['invited', 'conference', 'seminar', 'lecture', 'course'] as const;
export type TalkType = (typeof TALK_TYPES)[number];

/** How a talk's type reads on the page and in the editor. */
export const TALK_TYPE_NAMES: Record<TalkType, string> = {
  invited: 'Invited talk',
  conference: 'Conference talk',
  seminar: 'Seminar',
  lecture: 'Lecture',
  course: 'Course',
};

export const TALK_LIMITS = {
  /** Characters. */
  title: 200,
  event: 200,
  place: 200,
  video: 500,
  /** The abstract's size in UTF-8 bytes: a page of Markdown, and a bound on rendering time. */
  abstractBytes: 10_000,
} as const;

export const TALK_MESSAGES = {
  titleRequired: 'Give the talk a title.',
  titleTooLong: `Keep the title to ${TALK_LIMITS.title} characters.`,
  eventTooLong: `Keep the event to ${TALK_LIMITS.event} characters.`,
  placeTooLong: `Keep the place to ${TALK_LIMITS.place} characters.`,
  date: 'Enter the date as YYYY-MM-DD.',
  type: 'Choose the type: invited talk, conference talk, seminar, lecture or course.',
  video: 'Enter a web address starting with https:// or http://, or leave it empty.',
  videoTooLong: `Keep the video address to ${TALK_LIMITS.video} characters.`,
  abstractTooLong: `The abstract is longer than ${TALK_LIMITS.abstractBytes / 1000} KB: shorten it.`,
  slides: 'This document is not in the documents library: choose another, or none.',
  paper: 'This publication is not on the Research page: choose another, or none.',
  noSlides: 'This talk has no slides.',
} as const;
