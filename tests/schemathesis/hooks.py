"""schemathesis hooks for Showdown (loaded through SCHEMATHESIS_HOOKS by run.sh).

POST /v1/settle/phh takes a PHH hand as `application/toml`; schemathesis has
no serializer for that media type and would skip the operation with an
error. The schema says the body is a string, so send it as UTF-8 text, the
way the text/plain serializer does.
"""

import schemathesis


@schemathesis.serializer("application/toml")
def toml_text(ctx, value):
    if isinstance(value, bytes):
        return {"data": value}
    return {"data": str(value).encode("utf-8")}
