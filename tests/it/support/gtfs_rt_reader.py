"""The reference reader of railtop's GTFS-Realtime feeds: Google's gtfs-realtime-bindings (the
classes generated from the official gtfs-realtime.proto) decode each file named on the command
line; the feeds are printed as one JSON list in protobuf's canonical JSON mapping.

    python3 gtfs_rt_reader.py positions.pb updates.pb alerts.pb
"""
import json
import sys

try:
    from google.protobuf import json_format
    from google.transit import gtfs_realtime_pb2
except ImportError:
    sys.exit("the reference reader is missing: python3 -m pip install gtfs-realtime-bindings")

feeds = []
for path in sys.argv[1:]:
    message = gtfs_realtime_pb2.FeedMessage()
    with open(path, "rb") as f:
        message.ParseFromString(f.read())
    feeds.append(json_format.MessageToDict(message))
print(json.dumps(feeds))
