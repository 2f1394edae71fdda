extension OPML {
    /// An OPML 2.0 document listing `outlines` as subscriptions under the given title, for backup or
    /// for moving to another reader. Outlines with a `problem` are left out; every value is escaped,
    /// and characters XML cannot carry are dropped, so the result is always well-formed.
    public static func export(_ outlines: [OPMLOutline], title: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<opml version=\"2.0\">",
            "    <head>",
            "        <title>\(escape(title))</title>",
            "    </head>",
            "    <body>",
        ]
        // Feeds without a folder first, then each folder's feeds inside an outline named after it, in
        // the order folders first appear.
        let usable = outlines.filter { $0.problem == nil }
        var folders: [String] = []
        for folder in usable.compactMap(\.folder) where !folders.contains(folder) {
            folders.append(folder)
        }
        lines += usable.filter { $0.folder == nil }.map { element($0, indent: "        ") }
        for folder in folders {
            lines.append("        <outline text=\"\(escape(folder))\" title=\"\(escape(folder))\">")
            lines += usable.filter { $0.folder == folder }.map { element($0, indent: "            ") }
            lines.append("        </outline>")
        }
        lines.append("    </body>")
        lines.append("</opml>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One feed's `<outline/>` element.
    private static func element(_ outline: OPMLOutline, indent: String) -> String {
        let text = outline.title.flatMap { $0.isEmpty ? nil : $0 } ?? outline.xmlURL
        var element = indent + "<outline type=\"rss\" text=\"\(escape(text))\""
        if let title = outline.title, !title.isEmpty {
            element += " title=\"\(escape(title))\""
        }
        element += " xmlUrl=\"\(escape(outline.xmlURL))\""
        if let site = outline.htmlURL, !site.isEmpty {
            element += " htmlUrl=\"\(escape(site))\""
        }
        return element + "/>"
    }

    /// Escapes text for an XML attribute or element: markup characters as entities, line breaks and
    /// tabs as character references (so attribute values keep them), forbidden characters dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                if XMLSanitizer.isXMLCharacter(scalar.value) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
