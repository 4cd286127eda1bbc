// The pieces every ibvcert HTML page shares: a DOM built with pugixml (so
// every text is escaped by the library), the report's inline style, and
// the atomic save. Used by the certification report and by ibvcert gate.
#pragma once

#include <pugixml.hpp>

#include <string>

namespace ibvcert::html {

// A child element, with its text when given (and its class).
pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text = "");
pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text, const char *css);
void set(pugi::xml_node node, const char *attr, const std::string &value);

// <!DOCTYPE html><html><head> (charset, viewport, title, the report's
// style) and <h1>title</h1>; returns the body.
pugi::xml_node start_page(pugi::xml_document &doc, const std::string &title);

// Writes doc to path under a temporary name and renames it (a reader never
// sees half a file); "" or "cannot write PATH".
std::string save_page(const pugi::xml_document &doc, const std::string &path);

} // namespace ibvcert::html
