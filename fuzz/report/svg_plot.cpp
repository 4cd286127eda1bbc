#include "fuzz/report/svg_plot.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace ibvcert::fuzz {
namespace {

// Distinguishable on white, and in grey print by their dashes.
const char *const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
				"#8c564b", "#e377c2", "#7f7f7f", "#17becf", "#bcbd22"};
const char *const kDashes[] = {"", "6 3", "2 2", "8 3 2 3", "4 4"};

// A round step that cuts [0, top] into about four parts.
double tick_step(double top)
{
	if (top <= 0)
		return 1;
	double raw = top / 4, mag = std::pow(10.0, std::floor(std::log10(raw)));
	for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
		if (raw <= m * mag)
			return m * mag;
	return 10 * mag;
}

std::string number_text(double v)
{
	if (std::fabs(v) >= 1e6)
		return fmt::format("{:.3g}M", v / 1e6);
	if (std::fabs(v) >= 1e4)
		return fmt::format("{:.0f}k", v / 1e3);
	return fmt::format("{:g}", v);
}

pugi::xml_node add(pugi::xml_node parent, const char *tag)
{
	return parent.append_child(tag);
}

void attr(pugi::xml_node n, const char *name, const std::string &value)
{
	n.append_attribute(name).set_value(value.c_str());
}

void attr(pugi::xml_node n, const char *name, double value)
{
	attr(n, name, fmt::format("{:.1f}", value));
}

void text(pugi::xml_node parent, double x, double y, const std::string &s, const char *anchor,
	  const char *extra = nullptr)
{
	auto t = add(parent, "text");
	attr(t, "x", x);
	attr(t, "y", y);
	attr(t, "text-anchor", anchor);
	attr(t, "font-size", "11");
	if (extra)
		attr(t, "transform", extra);
	t.text().set(s.c_str());
}

} // namespace

void add_line_plot(pugi::xml_node parent, const PlotSpec &spec, const std::vector<Series> &series)
{
	const double left = 56, right = 150, top = 24, bottom = 40;
	const double w = spec.width - left - right, h = spec.height - top - bottom;
	double xmax = 0, ymax = 0;
	for (const auto &s : series)
		for (const auto &[x, y] : s.points) {
			xmax = std::max(xmax, x);
			ymax = std::max(ymax, y);
		}
	double xstep = tick_step(xmax), ystep = tick_step(ymax);
	double xtop = std::max(xstep, std::ceil(xmax / xstep) * xstep);
	double ytop = std::max(ystep, std::ceil(ymax / ystep) * ystep);
	auto px = [&](double x) { return left + w * x / xtop; };
	auto py = [&](double y) { return top + h - h * y / ytop; };

	auto figure = add(parent, "figure");
	attr(figure, "class", "plot");
	auto svg = add(figure, "svg");
	attr(svg, "xmlns", "http://www.w3.org/2000/svg");
	attr(svg, "width", std::to_string(spec.width));
	attr(svg, "height", std::to_string(spec.height));
	attr(svg, "viewBox", fmt::format("0 0 {} {}", spec.width, spec.height));
	attr(svg, "role", "img");
	add(svg, "title").text().set(spec.title.c_str());
	text(svg, left, 14, spec.title, "start");

	// Grid and ticks.
	for (double y = 0; y <= ytop + ystep / 2; y += ystep) {
		auto l = add(svg, "line");
		attr(l, "x1", left);
		attr(l, "x2", left + w);
		attr(l, "y1", py(y));
		attr(l, "y2", py(y));
		attr(l, "stroke", y == 0 ? "#444" : "#ddd");
		text(svg, left - 6, py(y) + 4, number_text(y), "end");
	}
	for (double x = 0; x <= xtop + xstep / 2; x += xstep) {
		auto l = add(svg, "line");
		attr(l, "x1", px(x));
		attr(l, "x2", px(x));
		attr(l, "y1", top);
		attr(l, "y2", top + h);
		attr(l, "stroke", x == 0 ? "#444" : "#eee");
		text(svg, px(x), top + h + 14, number_text(x), "middle");
	}
	text(svg, left + w / 2, spec.height - 6, spec.x_label, "middle");
	text(svg, 12, top + h / 2, spec.y_label, "middle",
	     fmt::format("rotate(-90 12 {:.1f})", top + h / 2).c_str());

	// The series, and the legend beside the plot.
	int i = 0;
	for (const auto &s : series) {
		const char *colour = kColours[i % std::size(kColours)];
		const char *dash = kDashes[(i / std::size(kColours) + i) % std::size(kDashes)];
		std::string pts;
		for (const auto &[x, y] : s.points)
			pts += fmt::format("{:.1f},{:.1f} ", px(x), py(y));
		auto line = add(svg, s.points.size() == 1 ? "circle" : "polyline");
		if (s.points.size() == 1) {
			attr(line, "cx", px(s.points[0].first));
			attr(line, "cy", py(s.points[0].second));
			attr(line, "r", "3");
			attr(line, "fill", colour);
		} else {
			attr(line, "points", pts);
			attr(line, "fill", "none");
			attr(line, "stroke", colour);
			attr(line, "stroke-width", "2");
			if (*dash)
				attr(line, "stroke-dasharray", dash);
		}
		attr(line, "class", "series");
		attr(line, "data-series", s.name);
		double ly = top + 8 + 16 * i;
		auto key = add(svg, "line");
		attr(key, "x1", left + w + 12);
		attr(key, "x2", left + w + 32);
		attr(key, "y1", ly);
		attr(key, "y2", ly);
		attr(key, "stroke", colour);
		attr(key, "stroke-width", "2");
		if (*dash)
			attr(key, "stroke-dasharray", dash);
		text(svg, left + w + 36, ly + 4, s.name, "start");
		i++;
	}
	if (series.empty())
		text(svg, left + w / 2, top + h / 2, "no progress recorded", "middle");
	add(figure, "figcaption").text().set(
		(spec.title + ": " + spec.y_label + " by " + spec.x_label).c_str());
}

} // namespace ibvcert::fuzz
