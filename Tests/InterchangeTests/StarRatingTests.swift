import MoviesCore
import Testing

@Suite("Star ratings")
struct StarRatingTests {
    @Test("½–5 stars in halves, and nothing else")
    func parsing() {
        #expect(StarRating(stars: 0.5)?.halfStars == 1)
        #expect(StarRating(stars: 5)?.halfStars == 10)
        #expect(StarRating(parsing: " 3.5 ")?.halfStars == 7)
        #expect(StarRating(parsing: "4.0")?.halfStars == 8)
        for bad in ["0", "5.5", "3.25", "-1", "nan", "inf", "1e0", "0x8", "", " ", "four", "3,5"] {
            #expect(StarRating(parsing: bad) == nil, "\(bad)")
        }
        #expect(StarRating(stars: .nan) == nil)
        #expect(StarRating(stars: .infinity) == nil)
        #expect(StarRating(halfStars: 0) == nil)
        #expect(StarRating(halfStars: 11) == nil)
    }

    @Test("stars map to words: ½–1 terrible, 1½–2 poor, 2½–3 decent, 3½–4 good, 4½–5 excellent")
    func words() {
        let words = (1...10).compactMap { StarRating(halfStars: $0)?.rating }
        #expect(
            words == [
                .terrible, .terrible, .poor, .poor, .decent, .decent, .good, .good, .excellent, .excellent,
            ])
    }

    @Test("a word's default stars are 1–5 and map back to the word; not seen has none")
    func defaults() {
        #expect(StarRating(.notSeen) == nil)
        #expect(Rating.allCases.compactMap { StarRating($0)?.description } == ["1", "2", "3", "4", "5"])
        for rating in Rating.allCases where rating != .notSeen {
            #expect(StarRating(rating)?.rating == rating)
        }
    }

    @Test("text as Letterboxd writes it; ordered by stars")
    func descriptionAndOrder() {
        #expect(
            (1...10).compactMap { StarRating(halfStars: $0)?.description } == [
                "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5",
            ])
        #expect(StarRating(halfStars: 7)?.stars == 3.5)
        if let low = StarRating(halfStars: 3), let high = StarRating(halfStars: 4) {
            #expect(low < high)
        }
    }
}
