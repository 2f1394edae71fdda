#!/usr/bin/env python3
"""Writes the wild-feed corpus: feeds shaped like the ones in the wild (after the specs' own examples
and the quirks feed readers meet), each with the title, link, date and text a reader should find.

Usage: generate.py OUTPUT_DIRECTORY
Every feed is NNN-shape.xml (or NNN-shape.feed.json) with NNN-shape.expected.json beside it:
  {"url": the address the feed was fetched from, "contentType": optional HTTP Content-Type,
   "items": [{"title", "link", "date" (UTC, ISO 8601 with seconds, or null), "text"}]}
where "text" is what a reader shows for the item's fullest text, links listed under it.
"""
import datetime
import json
import os
import random
import sys

random.seed(20261201)
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)

WORDS = ("cinema projector reel matinee premiere sequel director actor critic festival trailer "
         "screen studio script scene cut montage score lens frame").split()
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
LONG_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
ZONES = {"GMT": 0, "UT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
         "PST": -8, "PDT": -7, "CET": 1, "CEST": 2, "BST": 1, "JST": 9, "AEST": 10}

counter = [0]


def words(n):
    return " ".join(random.choice(WORDS) for _ in range(n))


def sentence(n=6):
    return words(n).capitalize() + "."


def random_date():
    start = datetime.datetime(2003, 1, 1, tzinfo=datetime.timezone.utc)
    return start + datetime.timedelta(seconds=random.randrange(0, 21 * 365 * 86400))


def iso_utc(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# MARK: - Date spellings: (text, the instant it denotes)

def rfc822(moment, style):
    """RFC 822 and its real-world variants; returns (text, instant)."""
    moment = moment.replace(microsecond=0)
    if style == "gmt":
        return moment.strftime("%a, %d %b %Y %H:%M:%S GMT"), moment
    if style == "offset":
        hours = random.choice([-8, -5, 1, 2, 5, 9])
        local = moment + datetime.timedelta(hours=hours)
        sign = "+" if hours >= 0 else "-"
        return local.strftime("%a, %d %b %Y %H:%M:%S ") + "%s%02d00" % (sign, abs(hours)), moment
    if style == "named":
        name = random.choice(sorted(ZONES))
        local = moment + datetime.timedelta(hours=ZONES[name])
        return local.strftime("%a, %d %b %Y %H:%M:%S ") + name, moment
    if style == "noday":
        return moment.strftime("%d %b %Y %H:%M:%S +0000"), moment
    if style == "longday":
        return "%s, %d %s %d %02d:%02d:%02d GMT" % (LONG_DAYS[moment.weekday()], moment.day,
                                                     moment.strftime("%B"), moment.year, moment.hour,
                                                     moment.minute, moment.second), moment
    if style == "noseconds":
        moment = moment.replace(second=0)
        return moment.strftime("%a, %d %b %Y %H:%M GMT"), moment
    if style == "twodigit":
        return moment.strftime("%a, %d %b %y %H:%M:%S GMT"), moment
    if style == "singledigit":
        return "%s, %d %s %d %d:%02d:%02d GMT" % (DAYS[moment.weekday()], moment.day, MONTHS[moment.month - 1],
                                                 moment.year, moment.hour, moment.minute, moment.second), moment
    if style == "nozone":
        return moment.strftime("%a, %d %b %Y %H:%M:%S"), moment
    raise ValueError(style)


def iso8601(moment, style):
    moment = moment.replace(microsecond=0)
    if style == "z":
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ"), moment
    if style == "offset":
        hours = random.choice([-7, -4, 1, 2, 10])
        local = moment + datetime.timedelta(hours=hours)
        sign = "+" if hours >= 0 else "-"
        return local.strftime("%Y-%m-%dT%H:%M:%S") + "%s%02d:00" % (sign, abs(hours)), moment
    if style == "fraction":
        return moment.strftime("%Y-%m-%dT%H:%M:%S") + ".000Z", moment
    if style == "noseconds":
        moment = moment.replace(second=0)
        return moment.strftime("%Y-%m-%dT%H:%MZ"), moment
    if style == "nozone":
        return moment.strftime("%Y-%m-%dT%H:%M:%S"), moment
    if style == "space":
        return moment.strftime("%Y-%m-%d %H:%M:%S"), moment
    if style == "dateonly":
        moment = moment.replace(hour=0, minute=0, second=0)
        return moment.strftime("%Y-%m-%d"), moment
    if style == "yearmonth":
        moment = moment.replace(day=1, hour=0, minute=0, second=0)
        return moment.strftime("%Y-%m"), moment
    raise ValueError(style)


RFC_STYLES = ["gmt", "offset", "named", "noday", "longday", "noseconds", "twodigit", "singledigit", "nozone"]
ISO_STYLES = ["z", "offset", "fraction", "noseconds", "nozone", "space", "dateonly", "yearmonth"]


# MARK: - Texts: (HTML, the text a reader shows with its links listed), given the base URL

def resolve(base, href):
    from urllib.parse import urljoin
    return urljoin(base, href)


def with_links(text, links):
    if not links:
        return text
    return text + "\n\nLinks:\n" + "\n".join("[%d]: %s (%s)" % (i + 1, url, kind) for i, (url, kind) in enumerate(links))


def body_paragraphs(base):
    a, b = sentence(7), sentence(5)
    href = "/%s/%d" % (random.choice(WORDS), random.randrange(1000))
    html = "<p>%s</p><p>%s with a <a href=\"%s\">link</a>.</p>" % (a, b[:-1], href)
    return html, with_links("%s\n\n%s with a link[1]." % (a, b[:-1]), [(resolve(base, href), "link")])


def body_list(base):
    items = [words(2) for _ in range(3)]
    intro = sentence(4)
    html = "<p>%s</p><ul>%s</ul>" % (intro, "".join("<li>%s</li>" % i for i in items))
    return html, intro + "\n\n" + "\n".join("• " + i for i in items)


def body_image(base):
    src = "images/%d.jpg" % random.randrange(1000)
    alt = words(2)
    caption = sentence(3)
    html = "<div><img src=\"%s\" alt=\"%s\"> %s</div><script>track()</script>" % (src, alt, caption)
    return html, with_links("[image 1: %s] %s" % (alt, caption), [(resolve(base, src), "image")])


def body_break(base):
    a, b = sentence(4), sentence(4)
    html = "%s<br/>%s" % (a, b)
    return html, a + "\n" + b


def body_plain(base):
    text = sentence(9)
    return text, text


BODIES = [body_paragraphs, body_list, body_image, body_break, body_plain]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cdata(text):
    return "<![CDATA[" + text + "]]>"


# MARK: - Writing

def write(shape, extension, document, url, items, content_type=None):
    counter[0] += 1
    name = "%03d-%s" % (counter[0], shape)
    with open(os.path.join(OUT, name + extension), "w", encoding="utf-8") as handle:
        handle.write(document)
    expected = {"url": url, "items": items}
    if content_type:
        expected["contentType"] = content_type
    with open(os.path.join(OUT, name + ".expected.json"), "w", encoding="utf-8") as handle:
        json.dump(expected, handle, indent=1, ensure_ascii=False)
        handle.write("\n")


def site():
    host = "%s.example.%s" % (random.choice(WORDS), random.choice(["org", "com", "net"]))
    return "https://" + host + "/"


def expected_item(title, link, moment, text):
    return {"title": title, "link": link, "date": iso_utc(moment) if moment else None, "text": text}


# MARK: - Shapes

def rss_items(base, url, count, make):
    xml, expected = [], []
    for index in range(count):
        part, item = make(index)
        xml.append(part)
        expected.append(item)
    return "\n".join(xml), expected


def rss20(shape, link_style="absolute", xml_base=None, title_style="plain", body_style="description",
          date_style="pubDate", namespaces=True, guid_link=False, prolog='<?xml version="1.0" encoding="UTF-8"?>\n'):
    base = site()
    url = base + "feed.xml"
    resolve_base = xml_base or url
    dc = ' xmlns:dc="http://purl.org/dc/elements/1.1/"' if namespaces else ""
    content_ns = ' xmlns:content="http://purl.org/rss/1.0/modules/content/"' if namespaces else ""

    def make(index):
        title = sentence(4)[:-1]
        path = "posts/%d-%s" % (random.randrange(10000), random.choice(WORDS))
        absolute = resolve(resolve_base, path)
        if link_style == "absolute":
            link_text = absolute
        elif link_style == "rooted":
            link_text = "/" + path
            absolute = resolve(resolve_base, link_text)
        else:
            link_text = path
        moment = random_date()
        if date_style == "pubDate":
            date_text, moment = rfc822(moment, random.choice(RFC_STYLES))
            date_xml = "<pubDate>%s</pubDate>" % date_text
        elif date_style == "dc:date":
            date_text, moment = iso8601(moment, random.choice(ISO_STYLES))
            date_xml = "<dc:date>%s</dc:date>" % date_text
        else:
            date_xml, moment = "", None
        html, text = random.choice(BODIES)(resolve_base)
        parts = ["<item>"]
        if title_style == "plain":
            parts.append("<title>%s</title>" % escape(title))
        elif title_style == "cdata":
            title = title + " & more"
            parts.append("<title>%s</title>" % cdata(title))
        elif title_style == "entity":
            parts.append("<title>%s&rsquo;s &#8220;cut&#8221;</title>" % escape(title))
            title = title + "\u2019s \u201ccut\u201d"
        elif title_style == "dc":
            parts.append("<dc:title>%s</dc:title>" % escape(title))
        elif title_style == "none":
            title = None
        if guid_link:
            parts.append('<guid isPermaLink="true">%s</guid>' % absolute)
        else:
            parts.append("<link>%s</link>" % escape(link_text))
            parts.append('<guid isPermaLink="false">%s-%d</guid>' % (shape, index))
        if body_style == "description":
            parts.append("<description>%s</description>" % escape(html))
        elif body_style == "cdata":
            parts.append("<description>%s</description>" % cdata(html))
        elif body_style == "content":
            parts.append("<description>%s</description>" % escape(sentence(3)))
            parts.append("<content:encoded>%s</content:encoded>" % cdata(html))
            parts.append("<dc:creator>%s</dc:creator>" % words(2).title())
        parts.append(date_xml)
        parts.append("</item>")
        return "".join(parts), expected_item(title, absolute, moment, text)

    items, expected = rss_items(base, url, random.randint(2, 4), make)
    channel_base = ' xml:base="%s"' % xml_base if xml_base else ""
    document = (prolog + '<rss version="2.0"%s%s>\n<channel%s>\n<title>%s</title>\n<link>%s</link>\n'
                '<description>%s</description>\n%s\n</channel>\n</rss>\n'
                % (dc, content_ns, channel_base, escape(sentence(3)[:-1]), base, escape(sentence(5)), items))
    write(shape, ".xml", document, url, expected)


def rss091(shape):
    base = site()
    url = base + "rss091.xml"
    entities = [("Caf&eacute; cr&egrave;me", "Café crème"), ("Fin&nbsp;de&nbsp;si&egrave;cle", "Fin de siècle"),
                ("Na&iuml;ve &mdash; r&eacute;sum&eacute;", "Naïve — résumé"), ("&laquo;Quoted&raquo;", "«Quoted»")]

    def make(index):
        source, title = random.choice(entities)
        link = base + "reviews/%d" % random.randrange(1000)
        description, text = random.choice(entities)
        return ("<item><title>%s %d</title><link>%s</link><description>%s</description></item>"
                % (source, index, link, description), expected_item("%s %d" % (title, index), link, None, text))

    items, expected = rss_items(base, url, random.randint(2, 4), make)
    document = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n'
                '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"\n'
                ' "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n'
                '<rss version="0.91">\n<channel>\n<title>%s</title>\n<link>%s</link>\n'
                '<description>%s</description>\n<language>en-us</language>\n%s\n</channel>\n</rss>\n'
                % (sentence(3)[:-1], base, sentence(4), items))
    write(shape, ".xml", document, url, expected)


def rss092(shape):
    base = site()
    url = base + "rss092.xml"

    def make(index):
        html, text = random.choice(BODIES)(url)
        audio = base + "audio/%d.mp3" % random.randrange(1000)
        return ('<item><description>%s</description><enclosure url="%s" length="%d" type="audio/mpeg"/></item>'
                % (escape(html), audio, random.randrange(1, 10 ** 7)), expected_item(None, None, None, text))

    items, expected = rss_items(base, url, random.randint(2, 3), make)
    document = ('<?xml version="1.0"?>\n<rss version="0.92">\n<channel>\n<title>%s</title>\n<link>%s</link>\n'
                '<description>%s</description>\n%s\n</channel>\n</rss>\n' % (sentence(2)[:-1], base, sentence(4), items))
    write(shape, ".xml", document, url, expected)


def rdf(shape, version="1.0"):
    base = site()
    url = base + "index.rdf"
    namespace = {"1.0": "http://purl.org/rss/1.0/", "0.90": "http://my.netscape.com/rdf/simple/0.9/",
                 "none": None}[version]

    def make(index):
        title = sentence(4)[:-1]
        link = base + "%d.html" % random.randrange(10000)
        if version == "0.90":
            return ("<item><title>%s</title><link>%s</link></item>" % (escape(title), link),
                    expected_item(title, link, None, None))
        date_text, moment = iso8601(random_date(), random.choice(["z", "offset", "noseconds", "dateonly"]))
        html, text = random.choice(BODIES)(url)
        return ('<item rdf:about="%s"><title>%s</title><link>%s</link><description>%s</description>'
                "<dc:date>%s</dc:date></item>" % (link, escape(title), link, escape(html), date_text),
                expected_item(title, link, moment, text))

    items, expected = rss_items(base, url, random.randint(2, 4), make)
    default = ' xmlns="%s"' % namespace if namespace else ""
    document = ('<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"%s'
                ' xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel rdf:about="%s">\n<title>%s</title>\n'
                "<link>%s</link>\n<description>%s</description>\n</channel>\n%s\n</rdf:RDF>\n"
                % (default, url, sentence(3)[:-1], base, sentence(4), items))
    write(shape, ".xml", document, url, expected)


def atom(shape, namespace="http://www.w3.org/2005/Atom", body="content-html", id_link=False, xml_base=None,
         version="1.0"):
    base = site()
    url = base + "atom.xml"
    resolve_base = xml_base or url

    def make(index):
        title = sentence(4)[:-1]
        path = "entries/%d" % random.randrange(10000)
        link = resolve(resolve_base, path)
        published, moment = iso8601(random_date(), random.choice(["z", "offset", "fraction", "noseconds"]))
        updated = iso_utc(moment + datetime.timedelta(days=3))
        html, text = random.choice(BODIES)(resolve_base)
        parts = ["<entry>", "<title>%s</title>" % escape(title)]
        if id_link:
            parts.append("<id>%s</id>" % link)
        else:
            href = path if xml_base else link
            # Links as feeds write them: "self" or "replies" before the page, rel left out (it means
            # "alternate"), a type or none.
            parts.append(random.choice([
                '<link rel="alternate" type="text/html" href="%s"/>' % href,
                '<link href="%s"/>' % href,
                '<link rel="self" href="%s.atom"/><link rel="alternate" href="%s"/>' % (link, href),
                '<link rel="replies" type="application/atom+xml" href="%s/comments"/><link href="%s"/>' % (link, href),
            ]))
            parts.append("<id>tag:%s,2024:%s-%d</id>" % (base[8:-1], shape, index))
        if version == "0.3":
            parts.append("<issued>%s</issued><modified>%s</modified>" % (published, updated))
        elif random.random() < 0.3:
            # Only <updated>, as in the spec's minimal example: it is the date then.
            moment = moment + datetime.timedelta(days=3)
            parts.append("<updated>%s</updated>" % updated)
        else:
            parts.append("<published>%s</published><updated>%s</updated>" % (published, updated))
        if body == "content-html":
            parts.append("<summary>%s</summary>" % escape(sentence(3)))
            mode = ' mode="escaped"' if version == "0.3" else ""
            kind = "text/html" if version == "0.3" else "html"
            parts.append('<content type="%s"%s>%s</content>' % (kind, mode, escape(html)))
        elif body == "xhtml":
            # XHTML is XML: empty elements are closed.
            xhtml = html.replace('">', '"/>', 1) if html.startswith("<div><img") else html
            parts.append('<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">%s</div></content>' % xhtml)
        elif body == "summary":
            summary = sentence(8)
            parts.append("<summary>%s</summary>" % escape(summary))
            text = summary
        parts.append("</entry>")
        return "".join(parts), expected_item(title, link, moment, text)

    items, expected = rss_items(base, url, random.randint(2, 4), make)
    declaration = ' xmlns="%s"' % namespace if namespace else ""
    version_attribute = ' version="0.3"' if version == "0.3" else ""
    base_attribute = ' xml:base="%s"' % xml_base if xml_base else ""
    document = ('<?xml version="1.0" encoding="utf-8"?>\n<feed%s%s%s>\n<title>%s</title>\n'
                '<link rel="alternate" href="%s"/>\n<id>%s</id>\n<updated>%s</updated>\n'
                "<author><name>%s</name></author>\n%s\n</feed>\n"
                % (declaration, version_attribute, base_attribute, escape(sentence(3)[:-1]), base, url,
                   iso_utc(random_date()), words(2).title(), items))
    write(shape, ".xml", document, url, expected)


def json_feed(shape, version="1.1", relative=False, body="html"):
    base = site()
    url = base + "feed.json"
    items, expected = [], []
    for index in range(random.randint(2, 4)):
        title = sentence(4)[:-1]
        path = "notes/%d" % random.randrange(10000)
        link = resolve(url, path)
        date_text, moment = iso8601(random_date(), random.choice(["z", "offset", "fraction"]))
        item = {"id": random.choice(["%s-%d" % (shape, index), index + 1000]), "title": title,
                "date_published": date_text}
        # Most items give "url"; some only "external_url", which then stands for the link.
        item["url" if random.random() < 0.8 else "external_url"] = path if relative else link
        if body == "html":
            html, text = random.choice(BODIES)(url)
            item["content_html"] = html
            item["summary"] = sentence(3)
        else:
            text = sentence(8)
            item["content_text"] = text
        if version == "1.1":
            item["authors"] = [{"name": words(2).title()}]
        else:
            item["author"] = {"name": words(2).title()}
        items.append(item)
        expected.append(expected_item(title, link, moment, text))
    document = {"version": "https://jsonfeed.org/version/%s" % version, "title": sentence(3)[:-1],
                "home_page_url": base, "feed_url": url, "items": items}
    write(shape, ".feed.json", json.dumps(document, indent=2, ensure_ascii=False) + "\n", url, expected)


def latin1_served(shape):
    """A Latin-1 feed without an encoding declaration, served as text/xml; charset=iso-8859-1."""
    base = site()
    url = base + "latin1.xml"
    names = ["Café", "Crème brûlée", "Señor", "Über", "Noël"]
    items, expected = [], []
    for index in range(random.randint(2, 3)):
        title = "%s %d" % (random.choice(names), index)
        link = base + "p/%d" % index
        date_text, moment = rfc822(random_date(), "gmt")
        text = "%s et %s." % (random.choice(names), random.choice(names).lower())
        items.append("<item><title>%s</title><link>%s</link><description>%s</description><pubDate>%s</pubDate></item>"
                     % (title, link, text, date_text))
        expected.append(expected_item(title, link, moment, text))
    document = ('<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Latin</title><link>%s</link>\n%s\n'
                "</channel></rss>\n" % (base, "\n".join(items)))
    counter[0] += 1
    name = "%03d-%s" % (counter[0], shape)
    with open(os.path.join(OUT, name + ".xml"), "wb") as handle:
        handle.write(document.encode("iso-8859-1"))
    with open(os.path.join(OUT, name + ".expected.json"), "w", encoding="utf-8") as handle:
        json.dump({"url": url, "contentType": "text/xml; charset=iso-8859-1", "items": expected}, handle,
                  indent=1, ensure_ascii=False)
        handle.write("\n")


def bare_ampersands(shape):
    """Careless feeds: bare "&" in titles, text and links, a blank line before the XML declaration."""
    base = site()
    url = base + "careless.xml"
    items, expected = [], []
    for index in range(random.randint(2, 3)):
        title = "%s & %s" % (random.choice(WORDS).title(), random.choice(WORDS))
        link = base + "view?id=%d&lang=en" % index
        date_text, moment = rfc822(random_date(), random.choice(RFC_STYLES))
        text = "%s & %s." % (random.choice(WORDS).title(), random.choice(WORDS))
        items.append("<item><title>%s</title><link>%s</link><description>%s</description><pubDate>%s</pubDate></item>"
                     % (title, link, text, date_text))
        expected.append(expected_item(title, link, moment, text))
    document = ('\n<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Careless</title>'
                "<link>%s</link>\n%s\n</channel></rss>\n" % (base, "\n".join(items)))
    write(shape, ".xml", document, url, expected)


def messy(shape):
    """What careless generators write: links wrapped over lines, a guid that is the link (isPermaLink
    left out, so true), dates with comments or GMT offsets, shouting tags, headings, quotes and &nbsp;."""
    base = site()
    url = base + "messy.rss"
    items, expected = [], []
    for index in range(random.randint(2, 4)):
        title = sentence(3)[:-1]
        link = base + "story.php?id=%d" % random.randrange(100000)
        moment = random_date().replace(microsecond=0)
        hours = random.choice([0, 2, -3])
        local = moment + datetime.timedelta(hours=hours)
        date_text = random.choice([
            local.strftime("%a, %d %b %Y %H:%M:%S ") + ("+0000 (UTC)" if hours == 0 else "%+03d00" % hours),
            local.strftime("%a, %d %b %Y %H:%M:%S GMT") + ("%+d" % hours if hours else ""),
        ])
        head, body, quote = sentence(2)[:-1], sentence(6), sentence(4)
        html = "<H2>%s</H2><P>%s<BR>%s&nbsp;&nbsp;end.</P><blockquote>%s</blockquote>" % (head, body, quote[:-1], quote)
        text = "%s\n\n%s\n%s end.\n\n%s" % (head, body, quote[:-1], quote)
        guid = '<guid>%s</guid>' % escape(link) if index % 2 else '<link>\n    %s\n  </link>' % escape(link)
        items.append("<item>\n  <title>\n    %s\n  </title>\n  %s\n  <description>%s</description>\n"
                     "  <pubDate>%s</pubDate>\n</item>" % (escape(title), guid, escape(html), date_text))
        expected.append(expected_item(title, link, moment, text))
    document = ('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>Messy</title>'
                "<link>%s</link>\n%s\n</channel></rss>\n" % (base, "\n".join(items)))
    write(shape, ".xml", document, url, expected)


def rdf_about_only(shape):
    """RSS 1.0 items whose only address is their rdf:about."""
    base = site()
    url = base + "about.rdf"
    items, expected = [], []
    for index in range(random.randint(2, 3)):
        title = sentence(3)[:-1]
        link = base + "item/%d" % random.randrange(1000)
        date_text, moment = iso8601(random_date(), random.choice(ISO_STYLES))
        items.append('<item rdf:about="%s"><title>%s</title><dc:date>%s</dc:date></item>' % (link, escape(title), date_text))
        expected.append(expected_item(title, link, moment, None))
    document = ('<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
                ' xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
                '<channel rdf:about="%s"><title>About</title><link>%s</link></channel>\n%s\n</rdf:RDF>\n'
                % (url, base, "\n".join(items)))
    write(shape, ".xml", document, url, expected)


SHAPES = [
    ("rss20", lambda s: rss20(s)),
    ("rss20-cdata", lambda s: rss20(s, body_style="cdata", title_style="cdata")),
    ("rss20-content-encoded", lambda s: rss20(s, body_style="content")),
    ("rss20-rooted-links", lambda s: rss20(s, link_style="rooted")),
    ("rss20-relative-links", lambda s: rss20(s, link_style="relative")),
    ("rss20-xml-base", lambda s: rss20(s, link_style="relative", xml_base=site() + "blog/")),
    ("rss20-dc-title", lambda s: rss20(s, title_style="dc", date_style="dc:date")),
    ("rss20-undeclared-namespaces", lambda s: rss20(s, body_style="content", title_style="dc",
                                                     date_style="dc:date", namespaces=False)),
    ("rss20-guid-permalink", lambda s: rss20(s, guid_link=True)),
    ("rss20-entities", lambda s: rss20(s, title_style="entity")),
    ("rss20-undated", lambda s: rss20(s, date_style="none")),
    ("rss20-careless", bare_ampersands),
    ("rss20-latin1-served", latin1_served),
    ("rss20-messy", messy),
    ("rdf10-about-only", rdf_about_only),
    ("rss091", rss091),
    ("rss092", rss092),
    ("rdf10", lambda s: rdf(s)),
    ("rdf-without-rss-namespace", lambda s: rdf(s, version="none")),
    ("rss090", lambda s: rdf(s, version="0.90")),
    ("atom10", lambda s: atom(s)),
    ("atom10-xhtml", lambda s: atom(s, body="xhtml")),
    ("atom10-summary", lambda s: atom(s, body="summary")),
    ("atom10-id-link", lambda s: atom(s, id_link=True)),
    ("atom10-without-namespace", lambda s: atom(s, namespace=None)),
    ("atom10-xml-base", lambda s: atom(s, xml_base=site() + "archive/")),
    ("atom03", lambda s: atom(s, namespace="http://purl.org/atom/ns#", version="0.3")),
    ("jsonfeed11", lambda s: json_feed(s)),
    ("jsonfeed10-text", lambda s: json_feed(s, version="1", body="text")),
    ("jsonfeed11-relative", lambda s: json_feed(s, relative=True)),
]

for round_number in range(4):
    for shape, make in SHAPES:
        make(shape)
print("wrote %d feeds to %s" % (counter[0], OUT))
