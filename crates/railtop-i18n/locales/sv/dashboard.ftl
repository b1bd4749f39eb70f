# The dashboard's own words in English (the board's are in board.ftl).
