// The coverage map of the contract: for every page of contracts/pages/, each
// normative sentence and what judges it (the rule ids), or the decision not
// to judge it (with its reason), or what rule it still lacks ("open"). The
// maps are data, contracts/coverage/<dir>/<page>.json, embedded at build time
// with the pages' text (contracts/coverage_data.cpp.in), so an installed
// ibvcert needs no source tree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ibvcert {

// What the map says of one sentence.
enum class Coverage { Judged, Decided, Open };
const char *coverage_name(Coverage coverage); // "judged", "decided", "open"

// The reasons a normative sentence is decided rather than judged.
// not_observable: no verb lets a caller see it; not_binding: it advises or
// describes, it binds no call's outcome; out_of_scope: binding and
// observable, but about a verb or feature the harness does not drive.
const std::vector<std::string> &coverage_reasons();

struct CoverageSentence {
	std::string text;               // as the page's splitter gives it (page_units)
	Coverage coverage = Coverage::Open;
	std::vector<std::string> rules; // Judged: the rule ids that judge it
	std::string reason;             // Decided: one of coverage_reasons()
	std::string why;                // Decided: the decision in words
	std::string missing;            // Open: what rule is missing
};

struct CoveragePage {
	std::string name;    // "man/ibv_modify_qp", "seeds/000_5dbe243ac574886a"
	std::string text;    // the rendered page
	std::string same_as; // a page with the very same text, whose map this one shares ("" if none)
	bool has_map = false;
	std::vector<CoverageSentence> sentences;
};

// Every page with its map, in name order. Throws std::runtime_error naming
// the page and the entry when a map is malformed (the tests keep it well
// formed; the CLI reports it as bad data).
const std::vector<CoveragePage> &coverage_pages();
// One page's map, parsed from its JSON text (map_json "" for a page without a
// map); same_as is resolved by coverage_pages(). Throws as coverage_pages().
CoveragePage parse_coverage_page(const std::string &name, const std::string &page_text,
				 const std::string &map_json);

// The splitter, kept simple so a person can predict it:
//  1. A line with no indentation is a heading (section names, the title and
//     footer lines): a unit of its own.
//  2. Other lines are joined into blocks; a blank line ends a block, and so
//     does a line ending in "*/", ";", "{" or "}" (the SYNOPSIS's and the
//     structs' code lines are one unit each).
//  3. A line ending in the hyphen groff breaks words with (U+2010) is joined
//     to the next line without the hyphen or a space ("at-" "tributes").
//  4. Whitespace runs (spaces, tabs, line breaks) become one space.
//  5. A block is cut into sentences after ".", "?" or "!" followed by a space
//     and anything but a lower-case letter ("e.g. the" stays whole).
struct PageUnit {
	std::string text;
	bool heading = false;
};
std::vector<PageUnit> page_units(std::string_view page_text);

// A unit that must be in the map: not a heading, and it has a normative
// word: must, will, shall, should, return(s/ed), fail(s/ed/ure), cannot,
// "is set", "are set", "is not", "are not", "possible values" (a field's
// value domain) (any case), or an errno name
// (EINVAL, ENOMEM, EOPNOTSUPP, ...).
bool has_normative_word(const PageUnit &unit);

} // namespace ibvcert
