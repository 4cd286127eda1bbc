// A line plot as inline SVG (no script, no network): one polyline per
// series over a shared x and y range, axes with round ticks, a legend.
// Built as pugixml nodes under a parent, so every text is escaped.
#pragma once

#include <pugixml.hpp>

#include <string>
#include <utility>
#include <vector>

namespace ibvcert::fuzz {

struct Series {
	std::string name;
	std::vector<std::pair<double, double>> points; // (x, y), x ascending
};

struct PlotSpec {
	std::string title, x_label, y_label;
	int width = 640, height = 280;
};

// Appends <figure><svg>...</svg><figcaption/></figure> to parent.
void add_line_plot(pugi::xml_node parent, const PlotSpec &spec, const std::vector<Series> &series);

} // namespace ibvcert::fuzz
