//! Reading back the SVG pictures knights-tour draws, for the tests of `solve --format svg`
//! (`tests/cli`) and of the explorer's `e` (`tests/explorer`): the element with an id, and the
//! path of the tour as its points and the colours of its pieces.

/// The element whose `id` is `id`.
pub fn by_id<'a>(document: &'a roxmltree::Document, id: &str) -> Option<roxmltree::Node<'a, 'a>> {
    document
        .descendants()
        .find(|node| node.attribute("id") == Some(id))
}

/// The points of the tour's polylines, the pieces of a gradient path joined (each must begin
/// where the last ended), with the stroke colour of each piece.
pub fn tour_points(document: &roxmltree::Document) -> (Vec<(u64, u64)>, Vec<String>) {
    let tour = by_id(document, "tour").expect("an element with id tour");
    let mut points: Vec<(u64, u64)> = Vec::new();
    let mut strokes = Vec::new();
    for polyline in tour
        .descendants()
        .filter(|node| node.has_tag_name("polyline"))
    {
        let piece: Vec<(u64, u64)> = polyline
            .attribute("points")
            .unwrap()
            .split(' ')
            .map(|point| {
                let (x, y) = point.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        match points.last() {
            Some(&last) => {
                assert_eq!(piece[0], last, "a piece begins where the last ended");
                points.extend(&piece[1..]);
            }
            None => points = piece,
        }
        strokes.extend(polyline.attribute("stroke").map(str::to_string));
    }
    (points, strokes)
}
