// Generated from the OpenAPI document by openapi-typescript (tests/unit/api-contract.test.ts):
// UPDATE_API_TYPES=1 npx vitest run tests/unit/api-contract.test.ts writes it again.
export interface paths {
  '/api/contact-us': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send the contact form */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name: string;
            /** Format: email */
            email: string;
            phone?: string;
            subject: string;
            message: string;
            website_url_hp?: string;
          };
          'application/x-www-form-urlencoded': {
            name: string;
            /** Format: email */
            email: string;
            phone?: string;
            subject: string;
            message: string;
            website_url_hp?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
              id: number;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/set-lang': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Remember the language (cookie) and go to the page in it */
    get: {
      parameters: {
        query: {
          lang: 'en' | 'fr';
          redirectTo?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirect. */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/passkey/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a passkey to the signed-in account: ask for options, then verify the browser's answer */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json':
            | {
                /** @constant */
                step: 'options';
              }
            | {
                /** @constant */
                step: 'verify';
                response: {
                  id: string;
                } & {
                  [key: string]: unknown;
                };
                redirectTo?: string;
                /** @enum {string} */
                lang?: 'en' | 'fr';
              };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/passkey/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with a passkey: ask for options, then verify the browser's answer (opens a session; failures are throttled like passwords) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json':
            | {
                /** @constant */
                step: 'options';
              }
            | {
                /** @constant */
                step: 'verify';
                response: {
                  id: string;
                } & {
                  [key: string]: unknown;
                };
                redirectTo?: string;
                /** @enum {string} */
                lang?: 'en' | 'fr';
              };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign out and go to the sign-in page */
    get: {
      parameters: {
        query?: {
          redirectTo?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirect. */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    /** Sign out and go to the sign-in page */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirect. */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/admin/{adminId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the signed-in admin's own name and phone (fields not sent are kept) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          adminId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            firstName?: string;
            lastName?: string;
            phone?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              admin: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/admin/change-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the signed-in admin's password */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            currentPassword: string;
            password: string;
            confirmPassword: string;
          } & {
            password?: unknown;
            confirmPassword?: unknown;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dealer/dealer/change-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the signed-in dealer's password */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            currentPassword: string;
            password: string;
            confirmPassword: string;
          } & {
            password?: unknown;
            confirmPassword?: unknown;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rider/rider/change-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the signed-in rider's password */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            currentPassword: string;
            password: string;
            confirmPassword: string;
          } & {
            password?: unknown;
            confirmPassword?: unknown;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/aggregates/contingency': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The contingency posted at upcoming events */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              contingencyTitle: string;
              contingencyAmount: ({
                currency: string;
                cents: number;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/aggregates/{report}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A report: summary, market-share-month, market-share-series, top-pro-riders, pro-rider-stats, top-amateur-riders, amateur-rider-stats or top-dealers */
    get: {
      parameters: {
        query?: {
          year?: number;
          startDate?: string;
          endDate?: string;
          noCache?: string;
        };
        header?: never;
        path: {
          report: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              range: {
                startDate: string;
                endDate: string;
              } & {
                [key: string]: unknown;
              };
              data?: unknown;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events-lean': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recent events, newest first */
    get: {
      parameters: {
        query?: {
          before?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Programs (categories) */
    get: {
      parameters: {
        query?: {
          active?: 'true' | 'false';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              categories: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/category/{categoryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One program with its series */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          categoryId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              category: {
                [key: string]: unknown;
              };
              series: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a program */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name: string;
            description?: string;
            /** @enum {string} */
            raceStyle?: 'flat' | 'motocross' | 'road' | 'offroad';
            active?: boolean;
            eligibleModels?: string;
            minYear?: number;
            maxYear?: number;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              category: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/category/{categoryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a program (fields not sent are kept) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          categoryId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name?: string;
            description?: string;
            /** @enum {string} */
            raceStyle?: 'flat' | 'motocross' | 'road' | 'offroad';
            active?: boolean;
            eligibleModels?: string;
            minYear?: number;
            maxYear?: number;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              category: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    /** Delete a program */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          categoryId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dealers-lean': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The dealer finder's data */
    get: {
      parameters: {
        query?: {
          name?: string;
          state?: string;
          zipcode?: string;
          country?: string;
          zipDistance?: number;
          active?: 'true' | 'false';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              dealers: {
                [key: string]: unknown;
              }[];
              distinctStates: unknown[];
              distinctCountry: unknown[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One event with its classes, results and series */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an event (admin; refused while it has awards) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/event/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change an event's details (fields not sent are kept; awards recomputed) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            title?: string;
            date?: string;
            startTime?: string;
            venue?: string;
            /** Format: uri */
            venueWebsite?: string;
            city?: string;
            state?: string;
            zipcode?: string;
            /** @default US */
            country?: string;
            /** @enum {string} */
            eventType?: 'flat' | 'motocross' | 'road' | 'offroad';
            /**
             * @default USD
             * @enum {string}
             */
            currency?: 'USD' | 'CAD' | 'EUR';
            seriesId?: number;
            promoterId?: number;
            categoryId?: number;
            cancelled?: boolean;
            notes?: string;
            bonuses?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/event/{eventId}/duplicate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy an event with its classes and payouts */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every event, newest first (the admin list) */
    get: {
      parameters: {
        query?: {
          title?: string;
          state?: string;
          country?: string;
          page?: number;
          sort?: 'date' | 'title' | 'location' | 'series' | 'promoter' | 'results';
          dir?: 'asc' | 'desc';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    /** Create an event */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            title: string;
            date: string;
            startTime?: string;
            venue?: string;
            /** Format: uri */
            venueWebsite?: string;
            city?: string;
            state?: string;
            zipcode?: string;
            /** @default US */
            country?: string;
            /** @enum {string} */
            eventType?: 'flat' | 'motocross' | 'road' | 'offroad';
            /**
             * @default USD
             * @enum {string}
             */
            currency?: 'USD' | 'CAD' | 'EUR';
            seriesId?: number;
            promoterId?: number;
            categoryId?: number;
            cancelled?: boolean;
            notes?: string;
            bonuses?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change one result (admin or the event’s promoter) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            resultId: number;
            place?: number | null;
            /** @enum {string} */
            resultType?: 'finish' | 'DNF' | 'DNS' | 'DQ';
            riderId?: number | null;
            bonusCents?: number;
            bonus?: string | number;
            bonusNote?: string | null;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    /** Delete one result (resultId) or a class's results (classId), in the query or a JSON body */
    delete: {
      parameters: {
        query?: {
          resultId?: number;
          classId?: number;
        };
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace the results (of one class with classId, else all) from JSON */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            classId?: number;
            results: ({
              className?: string | number | null;
              place?: string | number | null;
              riderName?: string | number | null;
              firstName?: string | number | null;
              lastName?: string | number | null;
              amaNumber?: string | number | null;
              email?: string | number | null;
              make?: string | number | null;
              model?: string | number | null;
              hometown?: string | number | null;
              resultType?: string | number | null;
            } & {
              [key: string]: unknown;
            })[];
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/upload-class-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace one class’s results from a file (field classId)
     * @description An admin or the event's promoter. The file's header row is read with the columns and status words the event's promoter chose for the same header row on the results mapping page, else by its header words; what is still not recognised is refused (400, problems).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
            classId: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/upload-all-class-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace every result from a file
     * @description An admin or the event's promoter. The file's header row is read with the columns and status words the event's promoter chose for the same header row on the results mapping page, else by its header words; what is still not recognised is refused (400, problems).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/upload-all-formatted-class-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace every result from a formatted file */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/upload-class': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace the event's classes and places from a file */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event/{eventId}/delete-all-class-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Delete every result of the event, or of one class (classId in the query or body) */
    post: {
      parameters: {
        query?: {
          classId?: number;
        };
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    /** Delete every result of the event, or of one class (classId in the query or body) */
    delete: {
      parameters: {
        query?: {
          classId?: number;
        };
        header?: never;
        path: {
          /** @description A positive whole number. */
          eventId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              event: {
                [key: string]: unknown;
              };
              classes: {
                [key: string]: unknown;
              }[];
              results: ({
                place: number | null;
                riderName: string | null;
                amaNumber: string | null;
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The public schedule */
    get: {
      parameters: {
        query?: {
          page?: number;
          title?: string;
          city?: string;
          state?: string;
          zipcode?: string;
          country?: string;
          canceled?: string;
          when?: 'upcoming' | 'past' | 'all';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
              contingencyAmount: unknown[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/events-late': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Events whose results are late */
    get: {
      parameters: {
        query?: {
          title?: string;
          state?: string;
          country?: string;
          page?: number;
          sort?: 'title' | 'date' | 'series' | 'location' | 'daysLate';
          dir?: 'asc' | 'desc';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/serie/{seriesId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One series with its events and its contingency standings */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          seriesId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              series: {
                _id: number;
                __v: number;
              } & {
                [key: string]: unknown;
              };
              events: {
                [key: string]: unknown;
              }[];
              standings: ({
                className: string;
                currency: string;
                riders: ({
                  rank: number;
                  riderName: string;
                  eventsCounted: number;
                  wins: number;
                  podiums: number;
                  bestFinish: number | null;
                  totalCents: number;
                } & {
                  [key: string]: unknown;
                })[];
              } & {
                [key: string]: unknown;
              })[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/series': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The public series finder */
    get: {
      parameters: {
        query?: {
          page?: number;
          name?: string;
          city?: string;
          state?: string;
          zipcode?: string;
          country?: string;
          when?: 'upcoming' | 'past' | 'all';
          year?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allSeries: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
              distinctStates: unknown[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/series': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a series */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name: string;
            description?: string;
            categoryId?: number;
            promoterId?: number;
            /** @enum {string} */
            raceStyle?: 'flat' | 'motocross' | 'road' | 'offroad';
            city?: string;
            state?: string;
            zipcode?: string;
            /** @default US */
            country?: string;
            __v?: number;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              series: {
                _id: number;
                __v: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/serie/{seriesId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a series: fields not sent are kept; __v is the version of your last read */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          seriesId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name?: string;
            description?: string;
            categoryId?: number;
            promoterId?: number;
            /** @enum {string} */
            raceStyle?: 'flat' | 'motocross' | 'road' | 'offroad';
            city?: string;
            state?: string;
            zipcode?: string;
            /** @default US */
            country?: string;
            __v: number;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              series: {
                _id: number;
                __v: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    /** Delete a series */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          seriesId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              ok: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/serie/{seriesId}/upload-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a series' events from a CSV or XLSX file (all or nothing) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          seriesId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created?: unknown;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/dealers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a dealer (the body, or the body under `dealer`)
     * @description Admin only.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin';
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name: string;
            dealerNumber?: string;
            addressLine1?: string;
            addressLine2?: string;
            city?: string;
            state?: string;
            zipcode?: string;
            country: string;
            phone?: string;
            /** Format: uri */
            websiteUrl?: string;
            /** Format: email */
            email?: string;
            bio?: string;
            lat?: number;
            lon?: number;
            active?: boolean;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              dealer: {
                [key: string]: unknown;
              };
              distinctCountry: unknown[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/dealer/{dealerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One dealer with its redemptions (an admin any dealer, a dealer itself) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin' | 'dealer';
          /** @description A positive whole number. */
          dealerId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              dealer: {
                [key: string]: unknown;
              };
              redemptions: {
                [key: string]: unknown;
              }[];
              distinctCountry: unknown[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    /**
     * Change a dealer (fields not sent are kept)
     * @description Admin only.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin' | 'dealer';
          /** @description A positive whole number. */
          dealerId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name?: string;
            dealerNumber?: string;
            addressLine1?: string;
            addressLine2?: string;
            city?: string;
            state?: string;
            zipcode?: string;
            country?: string;
            phone?: string;
            /** Format: uri */
            websiteUrl?: string;
            /** Format: email */
            email?: string;
            bio?: string;
            lat?: number;
            lon?: number;
            active?: boolean;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              dealer: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/payout-claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Payout claims (an admin every claim, a rider their own) */
    get: {
      parameters: {
        query?: {
          afterDate?: string;
          beforeDate?: string;
          country?: string;
          type?: 'debitCard' | 'cheque';
          riderName?: string;
          riderId?: number;
          status?: 'pending' | 'sent';
          page?: number;
        };
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              payoutClaims: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/payout-claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Payout claims (the admin’s list) */
    get: {
      parameters: {
        query?: {
          afterDate?: string;
          beforeDate?: string;
          country?: string;
          type?: 'debitCard' | 'cheque';
          riderName?: string;
          riderId?: number;
          status?: 'pending' | 'sent';
          page?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              payoutClaims: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    /** Create payout claims for every rider owed cash, or for riderIds (?dryRun=true previews; Idempotency-Key header) */
    post: {
      parameters: {
        query?: {
          dryRun?: 'true' | 'false' | '1' | '0' | 'yes' | 'no';
        };
        header?: {
          /** @description Optional, 8 to 255 visible characters (a UUID). The same key with the same request answers the first result again (nothing is charged twice, for 7 days); with another request, 422. */
          'Idempotency-Key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            riderIds?: number[];
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              payoutClaims: {
                [key: string]: unknown;
              }[];
              skipped: {
                [key: string]: unknown;
              }[];
              dryRun: boolean;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Idempotency key reused with another request. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/payout-claim/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One payout claim (an admin, or the rider it belongs to) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
          /** @description A positive whole number. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              payoutClaim: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    /**
     * Mark a claim SENT, or undo the mark (PENDING, UNSENT; any case)
     * @description Admin only. JSON or a form.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
          /** @description A positive whole number. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'SENT' | 'PENDING' | 'UNSENT' | 'NOT_SENT' | 'NOTSENT' | 'UNDO';
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              payoutClaim: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/promoters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a promoter */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name: string;
            phone?: string;
            /** Format: email */
            email?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              promoter: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/promoters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The public promoter listing (names and phones) */
    get: {
      parameters: {
        query?: {
          name?: string;
          phone?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allPromoters: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/promoter/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One promoter with its events (an admin any promoter, a promoter itself) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin' | 'promoter';
          /** @description A positive whole number. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              promoter: {
                [key: string]: unknown;
              };
              events: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    /** Change a promoter (fields not sent are kept) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin' | 'promoter';
          /** @description A positive whole number. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            name?: string;
            phone?: string;
            /** Format: email */
            email?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              promoter: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A promoter's own events and series (an admin's list is GET /api/admin/events) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'promoter';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                [key: string]: unknown;
              }[];
              allSeries: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/credit-redemptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Credit redemptions, newest first (admin all, dealer its own, rider theirs) */
    get: {
      parameters: {
        query?: {
          afterDate?: string;
          beforeDate?: string;
          country?: string;
          riderName?: string;
          page?: number;
          /** @description Admin only. */
          dealerId?: string;
          /** @description Admin only. */
          riderId?: string;
        };
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              creditRedemptions: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/revoked-redemptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Refunded redemptions, newest refund first */
    get: {
      parameters: {
        query?: {
          afterDate?: string;
          beforeDate?: string;
          country?: string;
          riderName?: string;
          page?: number;
          /** @description Admin only. */
          dealerId?: string;
          /** @description Admin only. */
          riderId?: string;
        };
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              revokedRedemptions: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/credit-redemption/{redemptionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One redemption
     * @description Admin only.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
          /** @description A positive whole number. */
          redemptionId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              creditRedemption: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Refund a redemption (Idempotency-Key header)
     * @description Admin only.
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional, 8 to 255 visible characters (a UUID). The same key with the same request answers the first result again (nothing is charged twice, for 7 days); with another request, 422. */
          'Idempotency-Key'?: string;
        };
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'dealer' | 'promoter' | 'admin';
          /** @description A positive whole number. */
          redemptionId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              creditRedemption: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Idempotency key reused with another request. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/credit-redemption/{redemptionId}/void': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Void the dealer's own redemption within its void window (Idempotency-Key header)
     * @description Dealer only, until the dealer's midnight of the redemption's day; later, 409 with closesAt (an admin refund).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional, 8 to 255 visible characters (a UUID). The same key with the same request answers the first result again (nothing is charged twice, for 7 days); with another request, 422. */
          'Idempotency-Key'?: string;
        };
        path: {
          /** @description The caller's own role. */
          role: 'dealer';
          /** @description A positive whole number. */
          redemptionId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            reason: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              creditRedemption: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Idempotency key reused with another request. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/redeem': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeem a rider's dealer credit with the rider's PIN (Idempotency-Key header)
     * @description Dealer (at its own dealership) or admin (with dealerId).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional, 8 to 255 visible characters (a UUID). The same key with the same request answers the first result again (nothing is charged twice, for 7 days); with another request, 422. */
          'Idempotency-Key'?: string;
        };
        path: {
          /** @description The caller's own role. */
          role: 'dealer' | 'admin';
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            riderId: number;
            dealerId?: number;
            amount: string | number;
            pin: string;
            employeeName: string;
            idVerified: boolean;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              redemption: {
                id: number;
                code: string;
                remainingCents: number | null;
              } & {
                [key: string]: unknown;
              };
              code: string;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Idempotency key reused with another request. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too many requests. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/rider/{riderId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One rider (a rider themself, an admin anyone, a dealer at the counter) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'admin' | 'dealer';
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              rider: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    /** Change a rider's profile (fields not sent are kept) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'rider' | 'admin' | 'dealer';
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            firstName?: string;
            lastName?: string;
            phone1?: string;
            dateOfBirth?: string;
            /** @enum {string} */
            sex?: 'male' | 'female' | 'non-binary';
            /** @enum {string} */
            raceStyle?: 'flat' | 'motocross' | 'road' | 'offroad';
            amaNumber?: string;
            hometown?: string;
            addressLine1?: string;
            addressLine2?: string;
            city?: string;
            country?: string;
            state?: string;
            stateText?: string;
            zipcode?: string;
            phone2?: string;
            bio?: string;
            facebook?: string;
            instagram?: string;
            x?: string;
            youtube?: string;
            tiktok?: string;
            website?: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              rider: {
                [key: string]: unknown;
              } | null;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/riders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Riders: an admin's list with filters, or the dealer counter's search (q) */
    get: {
      parameters: {
        query?: {
          q?: string;
          country?: string;
          level?: 'amateur' | 'pro';
          status?: 'active' | 'deactivated';
          page?: number;
          sort?: 'name' | 'email' | 'amaNumber' | 'level' | 'location';
          dir?: 'asc' | 'desc';
        };
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin' | 'dealer';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              riders: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/{role}/riders-lean': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Id and name of matching riders, for pickers
     * @description Admin only.
     */
    get: {
      parameters: {
        query?: {
          q?: string;
          country?: string;
          level?: 'amateur' | 'pro';
          status?: 'active' | 'deactivated';
          page?: number;
          sort?: 'name' | 'email' | 'amaNumber' | 'level' | 'location';
          dir?: 'asc' | 'desc';
        };
        header?: never;
        path: {
          /** @description The caller's own role. */
          role: 'admin';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              riders: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rider/rider/{riderId}/upload-id-files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The rider's own ID files (png or jpg, up to 10MB each) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            /** @enum {string} */
            kind?: 'idFile' | 'driversLicence' | 'w9';
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/riders-merge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Merge two accounts of one rider */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            keepRiderId: number;
            deleteRiderId: number;
            confirmation: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              merged: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rider/{riderId}/remove-races': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove races from a rider's record (resultIds, or all) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json':
            | {
                /** @constant */
                all: true;
              }
            | {
                resultIds: number[];
              };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              removed: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rider/{riderId}/timecard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** File a rider's timecard (png or jpg up to 10MB) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              document: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rider/{riderId}/timecard/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a rider's timecard (stored file name or document id) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          riderId: number;
          file: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              deleted: true;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/riders/send-expire-mail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail riders whose dealer credit expires within 30 days */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              sent?: unknown;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rider/{riderId}/mark-factory': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark a rider as factory (or unmark with factory: false) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          riderId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @default true */
            factory?: boolean;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              rider: {
                _id: number;
                factory?: boolean;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/result-claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every result claim, pending first */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              claims: {
                [key: string]: unknown;
              }[];
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/result-claim/{claimId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One result claim */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          claimId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              claim: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    /** Approve or refuse a result claim */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          claimId: number;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json':
            | {
                /** @constant */
                decision: 'approve';
              }
            | {
                /** @constant */
                decision: 'refuse';
                reason: string;
              };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              claim: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Conflicts with the current state (money already spent, claimed or paid; a stale version). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/passkey/step-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirm it is you with one of the account's passkeys (options, then verify): a fresh proof before a change of sign-in security */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json':
            | {
                /** @constant */
                step: 'options';
              }
            | {
                /** @constant */
                step: 'verify';
                response: {
                  id: string;
                } & {
                  [key: string]: unknown;
                };
                redirectTo?: string;
                /** @enum {string} */
                lang?: 'en' | 'fr';
              };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/reminders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Deadline reminders sent, newest first */
    get: {
      parameters: {
        query?: {
          kind?: 'paymentInfo' | 'w9Missing' | 'creditExpiring' | 'resultsLate';
          email?: string;
          page?: number;
          sort?: 'sentAt';
          dir?: 'asc' | 'desc';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/tax-lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The year-end tax lists (amounts in integer cents) and their totals */
    get: {
      parameters: {
        query?: {
          year?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of VIN patterns
     * @description Admin only.
     */
    get: {
      parameters: {
        query?: {
          page?: '' | number;
          sort?: 'model' | 'year' | 'pattern' | 'bikes' | 'status';
          dir?: 'asc' | 'desc';
          model?: string;
          year?: '' | number;
          pattern?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import VIN patterns from a CSV or XLSX file (all or nothing) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'multipart/form-data': {
            file: string;
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns/{patternId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a VIN pattern */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive whole number. */
          patternId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @constant */
              deleted: true;
              id: number;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Verify a VIN pattern */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            pattern:
              | number
              | string
              | {
                  id?: number;
                  _id?: number;
                  pattern?: string;
                };
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              vinPattern: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns/unverify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unverify a VIN pattern */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            pattern:
              | number
              | string
              | {
                  id?: number;
                  _id?: number;
                  pattern?: string;
                };
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              vinPattern: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-patterns/verify-bikes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Verify patterns, then re-check every bike against the verified patterns */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @default [] */
            patterns?: (
              | number
              | string
              | {
                  id?: number;
                  _id?: number;
                  pattern?: string;
                }
            )[];
          };
        };
      };
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              verifiedPatterns?: unknown;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not found. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Unsupported media type. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vin-report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Riders with their bikes' states (format=csv downloads every line) */
    get: {
      parameters: {
        query?: {
          page?: '' | number;
          name?: string;
          vin?: string;
          valid?: '' | 'valid' | 'invalid' | 'none' | 'true' | 'false';
          format?: 'json' | 'csv';
          lang?: 'en' | 'fr';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Success. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              riders: {
                [key: string]: unknown;
              }[];
              pagination: {
                page: number;
                totalPages: number;
              } & {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed or invalid input. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not signed in. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Not allowed for this account. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Method not allowed (see the Allow header). */
        405: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
        /** @description Any other error, in the error shape. */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiError'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This description (OpenAPI 3.1) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The OpenAPI document. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': unknown;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The reference page of this description (HTML) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reference page. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': unknown;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ApiError: {
      error: string;
      code: string;
      field?: string;
      issues?: {
        path: string;
        message: string;
      }[];
    } & {
      [key: string]: unknown;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
