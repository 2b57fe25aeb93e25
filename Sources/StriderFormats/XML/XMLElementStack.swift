import StriderCore

/// The elements of an XML track vocabulary a reader acts on, by where they may appear.
protocol XMLTrackElement {
  /// The document element.
  static var root: Self { get }
  /// The root's local name (`gpx`, `TrainingCenterDatabase`).
  static var rootName: StaticString { get }
  /// Whether the reader collects the element's text.
  var isLeaf: Bool { get }
  /// The element's name in error messages about its text (`ele`, `Time`).
  var textName: String { get }
  /// The element a child with this local name is, inside `parent`; an element the reader
  /// does not know is skipped with all its descendants.
  static func child(of parent: Self, named name: ArraySlice<UInt8>) -> Self
}

/// What an XML track format does with the elements `XMLElementStack` hands it: the part
/// of a GPX or TCX reader that knows the vocabulary, holding the fix being built.
protocol XMLTrackDocument {
  associatedtype Element: XMLTrackElement
  /// A non-leaf element starts (the root included); its attributes are in `scanner`.
  ///
  /// The scanner is passed `inout` only so that it is not copied for every element (it is
  /// a large struct); a document reads it and leaves it alone.
  mutating func start(_ element: Element, in scanner: inout XMLScanner) throws(FormatError)
  /// A non-leaf element ends: the fix it completes, if any (`XMLElementStack` numbers it in
  /// `origin.index`).
  mutating func end(_ element: Element, in scanner: inout XMLScanner) throws(FormatError) -> Fix?
  /// A leaf element ends with this text (white space trimmed); `place` is where its text
  /// starts, for `scanner.errorInText`.
  mutating func leaf(
    _ element: Element, text: ArraySlice<UInt8>, at place: XMLTextPlace,
    in scanner: inout XMLScanner
  ) throws(FormatError)
  /// The document has ended.
  mutating func finish()
  /// A fast path for the common shape of the elements that make fixes: reads a whole child
  /// of `parent` from the scanner's buffered bytes (`XMLScanner.readAhead`) and returns the
  /// fix it completes, or nil to leave the bytes to the scanner, element by element. It
  /// must give exactly the fix the slow path gives, and leave anything unusual to it.
  mutating func readAhead(in parent: Element, scanner: inout XMLScanner) -> Fix?
}

extension XMLTrackDocument {
  mutating func finish() {}
  mutating func readAhead(in parent: Element, scanner: inout XMLScanner) -> Fix? { nil }
}

/// Where a leaf element's text starts, so an error in it points at its first non-blank byte.
struct XMLTextPlace {
  var line = 0
  var column = 0
}

/// The streaming loop the XML track readers share: scanner events in, elements on a stack,
/// leaf text collected, fixes out.
///
/// The GPX and TCX readers are this driver and a document (`GPXDocument`, `TCXDocument`)
/// that knows the vocabulary. The root element must be the document's
/// (`FormatError.Code.wrongFormat` otherwise); elements the vocabulary does not know are
/// skipped with their content, and text is collected only inside leaf elements, so the
/// markup around the data costs almost nothing.
struct XMLElementStack<Document: XMLTrackDocument> {
  private(set) var document: Document
  private var scanner: XMLScanner
  private var contexts: [Document.Element] = []
  private var textPlace = XMLTextPlace()
  private var fixCount = 0
  private var finished = false
  /// Where the file ended early, after the first fix: `next()` ended there, and the fixes
  /// before it stand (a logger that died, a download cut short: the run before the cut is
  /// the user's). A file that ends before its first fix is thrown instead, with nothing to
  /// keep. Any other damage is thrown as it is: the reader cannot tell what it spoils.
  private(set) var damage: FormatError?

  init(source: some ByteChunkSource, fileName: String, document: Document) {
    scanner = XMLScanner(source: source, fileName: fileName)
    self.document = document
  }

  /// The next fix the document completes, or nil at the end of the file (or where it was
  /// cut short, `damage`).
  @inline(__always)
  mutating func next() throws(FormatError) -> Fix? {
    guard !finished else { return nil }
    do {
      return try nextFix()
    } catch  where error.code == .truncated && fixCount > 0 {
      damage = error
      finished = true
      document.finish()
      return nil
    }
  }

  @inline(__always)
  private mutating func nextFix() throws(FormatError) -> Fix? {
    while true {
      if let parent = contexts.last,
        var fix = document.readAhead(in: parent, scanner: &scanner)
      {
        fix.origin.index = fixCount
        fixCount += 1
        return fix
      }
      switch try scanner.next() {
      case .startTag:
        try startElement()
      case .endTag:
        if let fix = try endElement() { return fix }
      case .end:
        finished = true
        document.finish()
        return nil
      }
    }
  }

  private mutating func startElement() throws(FormatError) {
    let element: Document.Element
    if let parent = contexts.last {
      element = Document.Element.child(of: parent, named: scanner.localName)
    } else {
      let root = Document.Element.rootName
      guard XMLName.matches(scanner.localName, root) else {
        throw scanner.error(
          .wrongFormat, "the root element is <\(scanner.qualifiedName)>, not <\(root)>",
          inTagAt: scanner.nameStart)
      }
      element = .root
    }
    contexts.append(element)
    if element.isLeaf {
      scanner.beginText()
      (textPlace.line, textPlace.column) = scanner.currentPosition
    } else {
      try document.start(element, in: &scanner)
    }
  }

  private mutating func endElement() throws(FormatError) -> Fix? {
    guard let element = contexts.popLast() else { return nil }
    guard element.isLeaf else {
      guard var fix = try document.end(element, in: &scanner) else { return nil }
      fix.origin.index = fixCount
      fixCount += 1
      return fix
    }
    scanner.captureText = false
    let text = ASCIINumber.trimmed(scanner.text[...])
    try document.leaf(element, text: text, at: textPlace, in: &scanner)
    return nil
  }
}

extension XMLScanner {
  /// A leaf's text as a number; nil when it is empty, an `.invalidNumber` error naming the
  /// element when it is not a number.
  @inline(__always)
  func number(
    _ text: ArraySlice<UInt8>, of element: some XMLTrackElement, at place: XMLTextPlace
  ) throws(FormatError) -> Double? {
    try value(text, of: element, at: place, .invalidNumber, "a number", ASCIINumber.double)
  }

  /// A leaf's text as an RFC 3339 time; nil when it is empty, an `.invalidTime` error
  /// naming the element when it is not a time.
  @inline(__always)
  func time(
    _ text: ArraySlice<UInt8>, of element: some XMLTrackElement, at place: XMLTextPlace
  ) throws(FormatError) -> GNSSTime? {
    try value(
      text, of: element, at: place, .invalidTime, "an RFC 3339 date-time", TimestampParser.parse)
  }

  @inline(__always)
  private func value<Value>(
    _ text: ArraySlice<UInt8>, of element: some XMLTrackElement, at place: XMLTextPlace,
    _ code: FormatError.Code, _ expected: String, _ parse: (ArraySlice<UInt8>) -> Value?
  ) throws(FormatError) -> Value? {
    guard !text.isEmpty else { return nil }
    guard let value = parse(text) else {
      throw errorInText(
        code, "\(element.textName) \(Self.quoted(text)) is not \(expected)", at: place)
    }
    return value
  }

  /// An error at the first non-blank byte of a leaf element's text.
  func errorInText(_ code: FormatError.Code, _ message: String, at place: XMLTextPlace)
    -> FormatError
  {
    errorInText(code, message, textLine: place.line, textColumn: place.column)
  }
}

/// The warning for an XML track cut short after its first fix (`XMLElementStack.damage`).
enum XMLDamage {
  static func warning(_ damage: FormatError, fixes: String, laps: Bool = false) -> String {
    "\(damage.message): the file was cut short; the \(fixes) before it were read"
      + (laps ? ", and the device's lap totals are not compared" : "")
  }
}
