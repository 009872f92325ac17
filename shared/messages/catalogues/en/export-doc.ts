/** Words printed inside the exported PDF reference pack and Markdown brief, English. */
export const exportDoc = {
  /** The group of cards outside any section. */
  noSection: 'No section',
  exportedOn: 'Exported {{date}}',
  cardCount_one: '{{count}} card',
  cardCount_other: '{{count}} cards',
  sectionCount_one: '{{count}} section',
  sectionCount_other: '{{count}} sections',
  sections: 'Sections',
  continued: '(continued)',
  page: '{{page}} / {{total}}',
  /** A section's first page in the PDF's table of contents. */
  startsOnPage: 'p. {{page}}',
  noImage: 'No image',
  game: 'Game',
  tags: 'Tags',
  genre: 'Genre',
  imageLink: 'Image {{n}}',
};
