"""Pure text helpers with no knowledge of workspaces: strict reading, normalisation, the
citation type, titles, similarity, segmentation and token estimates."""
