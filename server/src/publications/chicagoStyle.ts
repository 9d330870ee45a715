/**
 * The Chicago Manual of Style's author-date reference list as a CSL style, for the kinds of work a
 * researcher's list holds: journal articles, conference papers and book chapters, books, theses,
 * reports and working papers, preprints. Citation.js ships APA but no Chicago style.
 *
 *   Northcote, Elias, and Jane Doe. 2019. "Calibrating Stochastic-Local Volatility." Journal of
 *   Computational Finance 22 (4): 1–29. https://doi.org/10.21314/JCF.2019.001.
 */
export const CHICAGO_AUTHOR_DATE = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="display-and-sort" page-range-format="chicago">
  <info>
    <title>Chicago Manual of Style (author-date, reference list)</title>
    <id>research-site-chicago-author-date</id>
    <updated>2026-01-01T00:00:00+00:00</updated>
  </info>
  <locale xml:lang="en">
    <terms>
      <term name="editor" form="verb">edited by</term>
    </terms>
  </locale>
  <macro name="author">
    <names variable="author">
      <name and="text" delimiter=", " delimiter-precedes-last="always" name-as-sort-order="first" sort-separator=", "/>
      <substitute>
        <names variable="editor"/>
        <text macro="title"/>
      </substitute>
    </names>
  </macro>
  <macro name="author-short">
    <names variable="author">
      <name form="short" and="text" delimiter=", " et-al-min="4" et-al-use-first="1"/>
      <substitute>
        <names variable="editor"/>
        <text variable="title" form="short"/>
      </substitute>
    </names>
  </macro>
  <macro name="year">
    <choose>
      <if variable="issued">
        <date variable="issued">
          <date-part name="year"/>
        </date>
      </if>
      <else>
        <text term="no date" form="short"/>
      </else>
    </choose>
  </macro>
  <macro name="title">
    <choose>
      <if type="book">
        <text variable="title" text-case="title" font-style="italic"/>
      </if>
      <else>
        <text variable="title" text-case="title" quotes="true"/>
      </else>
    </choose>
  </macro>
  <macro name="editors">
    <names variable="editor">
      <label form="verb" suffix=" "/>
      <name and="text" delimiter=", "/>
    </names>
  </macro>
  <macro name="pages">
    <text variable="page"/>
  </macro>
  <macro name="source">
    <choose>
      <if type="article-journal article-magazine article-newspaper" match="any">
        <group delimiter=": ">
          <group delimiter=" ">
            <text variable="container-title" text-case="title" font-style="italic"/>
            <text variable="volume"/>
            <text variable="issue" prefix="(" suffix=")"/>
          </group>
          <text macro="pages"/>
        </group>
      </if>
      <else-if type="paper-conference chapter" match="any">
        <group delimiter=". ">
          <group delimiter=", ">
            <group delimiter=" ">
              <text term="in" text-case="capitalize-first"/>
              <text variable="container-title" text-case="title" font-style="italic"/>
            </group>
            <text macro="editors"/>
            <text macro="pages"/>
          </group>
          <group delimiter=": ">
            <text variable="publisher-place"/>
            <text variable="publisher"/>
          </group>
        </group>
      </if>
      <else-if type="book">
        <group delimiter=": ">
          <text variable="publisher-place"/>
          <text variable="publisher"/>
        </group>
      </else-if>
      <else-if type="thesis">
        <group delimiter=", ">
          <text variable="genre"/>
          <text variable="publisher"/>
        </group>
      </else-if>
      <else-if type="report">
        <group delimiter=". ">
          <group delimiter=" ">
            <text variable="genre"/>
            <text variable="number"/>
          </group>
          <text variable="publisher"/>
        </group>
      </else-if>
      <else>
        <group delimiter=". ">
          <text variable="container-title" text-case="title" font-style="italic"/>
          <text variable="publisher"/>
        </group>
      </else>
    </choose>
  </macro>
  <macro name="access">
    <choose>
      <if variable="DOI">
        <text variable="DOI" prefix="https://doi.org/"/>
      </if>
      <else>
        <text variable="URL"/>
      </else>
    </choose>
  </macro>
  <citation et-al-min="4" et-al-use-first="1" disambiguate-add-year-suffix="true">
    <layout prefix="(" suffix=")" delimiter="; ">
      <group delimiter=" ">
        <text macro="author-short"/>
        <text macro="year"/>
      </group>
    </layout>
  </citation>
  <bibliography hanging-indent="true" entry-spacing="0">
    <sort>
      <key macro="author"/>
      <key variable="issued"/>
    </sort>
    <layout suffix=".">
      <group delimiter=". ">
        <text macro="author"/>
        <text macro="year"/>
        <text macro="title"/>
        <text macro="source"/>
        <text macro="access"/>
      </group>
    </layout>
  </bibliography>
</style>
`;
