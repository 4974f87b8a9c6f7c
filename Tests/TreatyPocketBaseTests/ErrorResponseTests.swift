import Testing
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct ErrorResponseTests {
    @Test(
        "standard replies serialize with sorted keys and an empty data object",
        arguments: [
            (
                PocketBaseErrorResponse.badRequest,
                #"{"data":{},"message":"Something went wrong while processing your request.","status":400}"#
            ),
            (.notFound, #"{"data":{},"message":"The requested resource wasn't found.","status":404}"#),
            (.missingCollectionContext, #"{"data":{},"message":"Missing collection context.","status":404}"#),
            (
                .unauthorized,
                #"{"data":{},"message":"The request requires valid record authorization token.","status":401}"#
            ),
            (.superusersOnly, #"{"data":{},"message":"Only superusers can perform this action.","status":403}"#),
            (
                .forbidden,
                #"{"data":{},"message":"The authorized record is not allowed to perform this action.","status":403}"#
            ),
            (
                .superusersOnlyFilter(by: "@request"),
                #"{"data":{},"message":"Only superusers can filter by @request.","status":403}"#
            ),
            (.failedToAuthenticate, #"{"data":{},"message":"Failed to authenticate.","status":400}"#),
            (.failedToCreateRecord(), #"{"data":{},"message":"Failed to create record.","status":400}"#),
        ])
    func standard(reply: PocketBaseErrorResponse, text: String) {
        #expect(reply.json.serialized() == text)
    }

    @Test("field errors are sorted by name with their params")
    func fieldErrors() {
        let reply = PocketBaseErrorResponse.failedToUpdateRecord([
            "title": .minTextConstraint(3), "id": .primaryKeyChange,
        ])
        #expect(
            reply.json.serialized()
                == #"{"data":{"id":{"code":"validation_pk_change","message":"The record primary key cannot be changed."},"title":{"code":"validation_min_text_constraint","message":"Must be at least 3 character(s).","params":{"min":3}}},"message":"Failed to update record.","status":400}"#
        )
    }

    @Test("batch limits use ozzo-validation's length message")
    func lengthTooLong() {
        #expect(
            PocketBaseFieldError.lengthTooLong(max: 50).json.serialized()
                == #"{"code":"validation_length_too_long","message":"The length must be no more than 50.","params":{"max":50,"min":0}}"#
        )
    }
}
