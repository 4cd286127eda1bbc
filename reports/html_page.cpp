#include "reports/html_page.h"

#include "reports/html_assets.h"

#include <cstdio>

namespace ibvcert::html {

pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text)
{
	auto node = parent.append_child(tag);
	if (!text.empty())
		node.text() = text.c_str();
	return node;
}

pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text, const char *css)
{
	auto node = add(parent, tag, text);
	node.append_attribute("class") = css;
	return node;
}

void set(pugi::xml_node node, const char *attr, const std::string &value)
{
	node.append_attribute(attr) = value.c_str();
}

pugi::xml_node start_page(pugi::xml_document &doc, const std::string &title)
{
	doc.append_child(pugi::node_doctype).set_value("html");
	auto page = add(doc, "html");
	set(page, "lang", "en");
	auto head = add(page, "head");
	set(add(head, "meta"), "charset", "utf-8");
	auto viewport = add(head, "meta");
	set(viewport, "name", "viewport");
	set(viewport, "content", "width=device-width");
	add(head, "title", title);
	add(head, "style", kStyle);
	auto body = add(page, "body");
	add(body, "h1", title);
	return body;
}

std::string save_page(const pugi::xml_document &doc, const std::string &path)
{
	std::string tmp = path + ".tmp";
	if (!doc.save_file(tmp.c_str(), "",
			   pugi::format_raw | pugi::format_no_declaration | pugi::format_no_empty_element_tags) ||
	    std::rename(tmp.c_str(), path.c_str()) != 0) {
		std::remove(tmp.c_str());
		return "cannot write " + path;
	}
	return "";
}

} // namespace ibvcert::html
