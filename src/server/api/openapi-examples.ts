/**
 * One worked example per REST operation, keyed `METHOD /path` as the OpenAPI document writes it:
 * the query or path parameters, the JSON body (or form fields for multipart) and a 2xx answer.
 * The generator copies them into the document (`example` on media types and parameters), the
 * reference renders its curl/JavaScript/Python calls from them, and openapi-reference.test.ts
 * parses every one with the procedure's own input and output schemas, so they cannot drift.
 */
export interface OperationExample {
  /** Path parameters, substituted into the path template. */
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data fields; a value starting with `@` names a local file (curl's convention). */
  form?: Record<string, string>;
  response: unknown;
}

export const operationExamples: Record<string, OperationExample> = {
  "POST /admin": {
    "body": {
      "action": "tenant-credit",
      "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "credits": 5000,
      "note": "十一月充值"
    },
    "response": {
      "tenant": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "name": "星河文创",
        "quota_monthly": 5000,
        "credits": 5000,
        "created_at": "2026-11-24T08:00:00.000Z",
        "admin_email": "admin_email",
        "disabled": true
      },
      "api_key": "sk-studio-…",
      "ok": true,
      "action": "tenant-create"
    }
  },
  "GET /balance": {
    "response": {
      "ok": true,
      "credits": 5000,
      "pool": "tenant"
    }
  },
  "GET /tenant-pool": {
    "response": {
      "ok": true,
      "allocatable": 5000,
      "reserved": 1,
      "total": 5000,
      "members_dedicated": 1
    }
  },
  "GET /tenant-accounts": {
    "response": {
      "ok": true,
      "accounts": [
        {
          "account_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "email": "admin@example.com",
          "nickname": "小林",
          "api_key": "sk-studio-…",
          "mode": "shared",
          "shared": true,
          "credits": 5000,
          "spent": 5000,
          "disabled": true,
          "created_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /tenant-accounts": {
    "body": {
      "action": "create",
      "email": "designer@example.com",
      "nickname": "小林"
    },
    "response": {
      "account": {
        "account_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "email": "admin@example.com",
        "nickname": "小林",
        "api_key": "sk-studio-…",
        "mode": "shared",
        "shared": true,
        "credits": 5000,
        "spent": 5000,
        "disabled": true,
        "created_at": "2026-11-24T08:00:00.000Z"
      },
      "ok": true,
      "action": "create"
    }
  },
  "POST /generate": {
    "body": {
      "prompt": "一只橘猫坐在窗台上，水彩风格",
      "ratio": "1:1",
      "quality": "high"
    },
    "response": {
      "ok": true,
      "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "pending"
    }
  },
  "POST /generate-batch": {
    "body": {
      "items": [
        {
          "prompt": "春季新品海报，浅绿色背景",
          "ratio": "3:4"
        },
        {
          "prompt": "春季新品海报，浅粉色背景",
          "ratio": "3:4"
        }
      ]
    },
    "response": {
      "ok": true,
      "batch_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "jobs": [
        {
          "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "status": "pending"
        }
      ]
    }
  },
  "GET /jobs": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "job": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "status": "pending",
        "cdn_url": "https://example.com/cdn_url",
        "error": null,
        "elapsed_ms": 8400,
        "note": "十一月充值",
        "steps": [
          {
            "name": "星河文创",
            "status": "running"
          }
        ],
        "kind": "image",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "skill_slug": "poster",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "quality": "high",
        "background": "background",
        "batch_id": "batch_id",
        "request_id": "req_01JD7Q4N8ZK3",
        "created_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      },
      "jobs": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "status": "pending",
          "cdn_url": "https://example.com/cdn_url",
          "error": null,
          "elapsed_ms": 8400,
          "note": "十一月充值",
          "steps": [
            {
              "name": "星河文创",
              "status": "running"
            }
          ],
          "kind": "image",
          "prompt": "一只橘猫坐在窗台上，水彩风格",
          "skill_slug": "poster",
          "template_id": "poster-classic",
          "ratio": "1:1",
          "quality": "high",
          "background": "background",
          "batch_id": "batch_id",
          "request_id": "req_01JD7Q4N8ZK3",
          "created_at": "2026-11-24T08:00:00.000Z",
          "finished_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "next_cursor": null
    }
  },
  "GET /available-models": {
    "query": {
      "media_type": "image"
    },
    "response": {
      "ok": true,
      "media_type": "image",
      "default": "default",
      "models": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "kind": "auto",
          "family": "family",
          "capabilities": {
            "reference_images": true,
            "transparent_background": true,
            "mask": true,
            "qualities": [
              "qualities"
            ]
          }
        }
      ]
    }
  },
  "GET /webhook-secret": {
    "response": {
      "ok": true,
      "secret": "whsec_MfKQ9r8GkjEjH1a9qVb0hQ==",
      "scheme": "standard-webhooks"
    }
  },
  "POST /webhook-secret": {
    "body": {},
    "response": {
      "ok": true,
      "secret": "whsec_MfKQ9r8GkjEjH1a9qVb0hQ==",
      "scheme": "standard-webhooks"
    }
  },
  "GET /skills": {
    "response": {
      "ok": true,
      "skills": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "description": "适合电商新品发布的竖版海报",
          "ratio": "1:1",
          "genre": "poster",
          "ref_required": true,
          "thumb": "thumb",
          "fields": [
            {
              "key": "product",
              "label": "产品名",
              "type": "text",
              "placeholder": "例如：桂花乌龙茶",
              "help": "写产品的名字，不超过 20 个字",
              "required": true,
              "default": "default"
            }
          ]
        }
      ]
    }
  },
  "GET /templates": {
    "query": {
      "type": "image",
      "source": "all"
    },
    "response": {
      "ok": true,
      "templates": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "description": "适合电商新品发布的竖版海报",
          "category": "电商",
          "domain": "餐饮",
          "type": "image",
          "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "seller": "seller",
          "visibility": "private",
          "active": true,
          "gated": true,
          "source": "mine",
          "locked": true,
          "ratio": "1:1",
          "sample_images": [
            "sample_images"
          ],
          "template_type": "poster",
          "prompt_template": "为{{product}}设计一张简洁的新品海报",
          "fields": [
            {
              "key": "product",
              "label": "产品名",
              "type": "text",
              "placeholder": "例如：桂花乌龙茶",
              "help": "写产品的名字，不超过 20 个字",
              "required": true,
              "default": "default"
            }
          ],
          "format": "xiaohongshu",
          "generation_configs": [
            {
              "default_reference_images": []
            }
          ],
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /templates": {
    "body": {
      "type": "image",
      "zh_name": "新品海报",
      "prompt_template": "为{{product}}设计一张简洁的新品海报",
      "ratio": "3:4"
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "domain": "餐饮",
        "type": "image",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "seller",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "ratio": "1:1",
        "sample_images": [
          "sample_images"
        ],
        "template_type": "poster",
        "prompt_template": "为{{product}}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "default"
          }
        ],
        "format": "xiaohongshu",
        "generation_configs": [
          {
            "default_reference_images": []
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /templates": {
    "body": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "active": false
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "domain": "餐饮",
        "type": "image",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "seller",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "ratio": "1:1",
        "sample_images": [
          "sample_images"
        ],
        "template_type": "poster",
        "prompt_template": "为{{product}}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "default"
          }
        ],
        "format": "xiaohongshu",
        "generation_configs": [
          {
            "default_reference_images": []
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "GET /video-templates": {
    "query": {
      "source": "all"
    },
    "response": {
      "ok": true,
      "templates": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "description": "适合电商新品发布的竖版海报",
          "category": "电商",
          "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "seller": "seller",
          "visibility": "private",
          "active": true,
          "gated": true,
          "source": "mine",
          "locked": true,
          "prompt_template": "为{{product}}设计一张简洁的新品海报",
          "fields": [
            {
              "key": "product",
              "label": "产品名",
              "type": "text",
              "placeholder": "例如：桂花乌龙茶",
              "help": "写产品的名字，不超过 20 个字",
              "required": true,
              "default": "default"
            }
          ],
          "sample_cover_image": "https://studio.example.com/files/t/cover.png",
          "sample_video_url": "https://example.com/sample_video_url",
          "generation_configs": [
            {
              "ratio": "1:1",
              "duration": 1
            }
          ],
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /video-templates": {
    "body": {
      "zh_name": "产品旋转展示",
      "prompt_template": "{{product}}在白色转台上缓慢旋转",
      "generation_configs": [
        {
          "ratio": "9:16",
          "duration": 5
        }
      ]
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "seller",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "prompt_template": "为{{product}}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "default"
          }
        ],
        "sample_cover_image": "https://studio.example.com/files/t/cover.png",
        "sample_video_url": "https://example.com/sample_video_url",
        "generation_configs": [
          {
            "ratio": "1:1",
            "duration": 1
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /video-templates": {
    "body": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "active": false
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "seller",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "prompt_template": "为{{product}}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "default"
          }
        ],
        "sample_cover_image": "https://studio.example.com/files/t/cover.png",
        "sample_video_url": "https://example.com/sample_video_url",
        "generation_configs": [
          {
            "ratio": "1:1",
            "duration": 1
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "GET /template-hooks": {
    "query": {
      "image_template_slug": "poster-classic"
    },
    "response": {
      "ok": true,
      "hooks": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "image_template_slug": "poster-classic",
          "hook_type": "article",
          "hook_template_slug": "product-copy",
          "enabled": true,
          "note": "十一月充值",
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /template-hooks": {
    "body": {
      "image_template_slug": "poster-classic",
      "hook_type": "article",
      "hook_template_slug": "product-copy"
    },
    "response": {
      "ok": true,
      "created": true,
      "hook": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "image_template_slug": "poster-classic",
        "hook_type": "article",
        "hook_template_slug": "product-copy",
        "enabled": true,
        "note": "十一月充值",
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /template-hooks": {
    "body": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "enabled": false
    },
    "response": {
      "ok": true,
      "hook": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "image_template_slug": "poster-classic",
        "hook_type": "article",
        "hook_template_slug": "product-copy",
        "enabled": true,
        "note": "十一月充值",
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "DELETE /template-hooks": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "deleted": true
    }
  },
  "POST /article": {
    "body": {
      "template_slug": "product-copy",
      "input": {
        "product": "桂花乌龙茶"
      }
    },
    "response": {
      "ok": true,
      "template_slug": "template_slug",
      "format": "xiaohongshu",
      "title": "新品上市",
      "body": "body",
      "hashtags": [
        "hashtags"
      ],
      "credits": 5000
    }
  },
  "POST /upload-ref/presign": {
    "body": {
      "ext": "png",
      "size": 204800
    },
    "response": {
      "ok": true,
      "strategy": "direct",
      "reason": "not_configured",
      "key": "product",
      "media_type": "image",
      "mime": "image/png",
      "upload": {
        "method": "PUT",
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "headers": {
          "Content-Type": "Content-Type",
          "Content-Length": "Content-Length"
        },
        "expires_in": 1
      },
      "commit": {
        "path": "uploads/t/3f1c2a9e/ref.png",
        "body": {
          "key": "product"
        }
      },
      "fallback": {
        "path": "uploads/t/3f1c2a9e/ref.png"
      }
    }
  },
  "POST /upload-ref/commit": {
    "body": {
      "key": "uploads/t/3f1c2a9e/ref.png"
    },
    "response": {
      "ok": true,
      "url": "https://studio.example.com/files/t/3f1c2a9e.png",
      "media_type": "image",
      "mime": "image/png",
      "key": "product",
      "size": 20
    }
  },
  "GET /uploads": {
    "query": {
      "limit": 20
    },
    "response": {
      "ok": true,
      "uploads": [
        {
          "key": "product",
          "filename": "filename",
          "url": "https://studio.example.com/files/t/3f1c2a9e.png",
          "media_type": "image",
          "mime": "image/png",
          "size": 20,
          "workspace_id": "workspace_id",
          "strategy": "proxy",
          "created_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "GET /tenant-usage": {
    "query": {
      "days": "30"
    },
    "response": {
      "ok": true,
      "tenant": {
        "name": "星河文创"
      },
      "timezone": "Asia/Shanghai",
      "days": 1,
      "since": "since",
      "generated_at": "2026-11-24T08:00:00.000Z",
      "totals": {
        "image": 1,
        "video": 1,
        "chat": 1,
        "reverse": 1,
        "other": 1,
        "total": 5000
      },
      "daily": [
        {
          "image": 1,
          "video": 1,
          "chat": 1,
          "reverse": 1,
          "other": 1,
          "total": 5000,
          "date": "date"
        }
      ]
    }
  },
  "GET /tenant-stats": {
    "query": {
      "hours": "24"
    },
    "response": {
      "ok": true,
      "window_hours": 1,
      "generated_at": "2026-11-24T08:00:00.000Z",
      "tenant": {
        "name": "星河文创",
        "quota_monthly": 5000,
        "used_month": 1,
        "credits": 5000
      },
      "mine": {
        "attempts_total": 5000,
        "jobs": {
          "total": 5000,
          "done": 1,
          "failed": 1,
          "processing": 1,
          "success_rate": 1,
          "p95_ms": 8400
        },
        "charged_cny": 1
      }
    }
  },
  "POST /tenant-claims": {
    "body": {
      "template_ids": [
        "poster-classic"
      ],
      "credits": 500,
      "note": "直播间福利"
    },
    "response": {
      "code": "CLAIM-7KQ2-M9XD",
      "claim_url": "https://example.com/claim_url",
      "reply_text": "好的",
      "product_copy": "桂花乌龙，一口秋天",
      "product_images": [
        "product_images"
      ],
      "credits": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报"
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "credits_balance_after": 5000,
      "note": "十一月充值",
      "ok": true
    }
  },
  "GET /tenant-claims": {
    "query": {
      "state": "open"
    },
    "response": {
      "ok": true,
      "claims": [
        {
          "code": "CLAIM-7KQ2-M9XD",
          "claim_url": "https://example.com/claim_url",
          "state": "open",
          "credits": 5000,
          "note": "十一月充值",
          "templates": [
            {
              "slug": "poster-classic",
              "zh_name": "新品海报",
              "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
            }
          ],
          "tutorial_pdf": {
            "url": "https://studio.example.com/files/t/3f1c2a9e.png",
            "title": "新品上市"
          },
          "reply_text": "好的",
          "product_copy": "桂花乌龙，一口秋天",
          "redeemed_by": {
            "nickname": "小林",
            "email": "admin@example.com"
          },
          "redeemed_at": "2026-11-24T08:00:00.000Z",
          "disabled_at": "2026-11-24T08:00:00.000Z",
          "created_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "next_cursor": null
    }
  },
  "GET /social-claims": {
    "query": {
      "code": "CLAIM-7KQ2-M9XD"
    },
    "response": {
      "ok": true,
      "code": "CLAIM-7KQ2-M9XD",
      "state": "open",
      "provider": "provider",
      "credits": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "type": "type",
          "description": "适合电商新品发布的竖版海报",
          "sample_images": [
            "sample_images"
          ]
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "product_images": [
        "product_images"
      ]
    }
  },
  "POST /social-claims": {
    "body": {
      "code": "CLAIM-7KQ2-M9XD",
      "nickname": "小林",
      "email": "buyer@example.com"
    },
    "response": {
      "ok": true,
      "code": "CLAIM-7KQ2-M9XD",
      "credits_granted": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报"
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "account": {
        "email": "admin@example.com",
        "nickname": "小林",
        "credits": 5000,
        "created": true
      },
      "sign_in": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "email": "admin@example.com",
        "password": "password",
        "hint": "hint"
      },
      "api_key": "sk-studio-…"
    }
  },
  "POST /videos": {
    "body": {
      "prompt": "海边日落，镜头缓慢推进",
      "ratio": "16:9",
      "duration": 5,
      "resolution": "720p"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "pending",
      "state": "queued"
    }
  },
  "GET /videos": {
    "query": {
      "page_num": 1,
      "page_size": 20
    },
    "response": {
      "ok": true,
      "task": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_status": "pending",
        "state": "queued",
        "model": "auto",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "duration": 1,
        "resolution": "720p",
        "generate_audio": true,
        "images": [
          "images"
        ],
        "videos": [
          "videos"
        ],
        "audios": [
          "audios"
        ],
        "progress": 1,
        "video_url": "https://example.com/video_url",
        "cover_url": "https://example.com/cover_url",
        "error": null,
        "note": "十一月充值",
        "credits": 5000,
        "elapsed_ms": 8400,
        "created_at": "2026-11-24T08:00:00.000Z",
        "started_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      },
      "tasks": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "job_status": "pending",
          "state": "queued",
          "model": "auto",
          "prompt": "一只橘猫坐在窗台上，水彩风格",
          "template_id": "poster-classic",
          "ratio": "1:1",
          "duration": 1,
          "resolution": "720p",
          "generate_audio": true,
          "images": [
            "images"
          ],
          "videos": [
            "videos"
          ],
          "audios": [
            "audios"
          ],
          "progress": 1,
          "video_url": "https://example.com/video_url",
          "cover_url": "https://example.com/cover_url",
          "error": null,
          "note": "十一月充值",
          "credits": 5000,
          "elapsed_ms": 8400,
          "created_at": "2026-11-24T08:00:00.000Z",
          "started_at": "2026-11-24T08:00:00.000Z",
          "finished_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "page_num": 1,
      "page_size": 20,
      "total": 5000
    }
  },
  "DELETE /videos": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "action": "cancelled",
      "task": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_status": "pending",
        "state": "queued",
        "model": "auto",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "duration": 1,
        "resolution": "720p",
        "generate_audio": true,
        "images": [
          "images"
        ],
        "videos": [
          "videos"
        ],
        "audios": [
          "audios"
        ],
        "progress": 1,
        "video_url": "https://example.com/video_url",
        "cover_url": "https://example.com/cover_url",
        "error": null,
        "note": "十一月充值",
        "credits": 5000,
        "elapsed_ms": 8400,
        "created_at": "2026-11-24T08:00:00.000Z",
        "started_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "GET /image-to-template": {
    "query": {
      "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "pending",
      "steps": [
        {
          "name": "receive image",
          "status": "running"
        }
      ],
      "result": {
        "ok": true,
        "sculpt": {
          "subject": "一杯热茶",
          "composition": "居中构图",
          "universe": "日常",
          "light": "暖光",
          "print": "无",
          "texture": "磨砂"
        },
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "prompt_cn": "一杯冒着热气的桂花乌龙茶，木桌，暖光",
        "style_tags": [
          "style_tags"
        ],
        "aspect_ratio": "3:4",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "genre": "poster",
        "body_md": "## 桂花乌龙\n\n一口秋天的味道。",
        "ratio": "1:1",
        "image_category": "poster",
        "text_layers": [
          {
            "role": "role",
            "content": "我是 Studio 的助手，可以帮你写文案、出图和做视频。",
            "position": "center",
            "coords": {
              "x": 1,
              "y": 1
            },
            "font_category": "sans",
            "font_weight": 1,
            "size_ratio": 20,
            "color": "#F5E6C8",
            "treatment": "水彩",
            "alignment": "alignment",
            "is_variable": true,
            "variable": "title"
          }
        ],
        "prompt_template": "为{{product}}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "default"
          }
        ],
        "template": {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
        },
        "template_error": "template_error",
        "template_warnings": [
          "template_warnings"
        ]
      },
      "error": null
    }
  },
  "POST /image-to-template": {
    "body": {
      "image_url": "https://example.com/poster.png"
    },
    "response": {
      "ok": true,
      "sculpt": {
        "subject": "一杯热茶",
        "composition": "居中构图",
        "universe": "日常",
        "light": "暖光",
        "print": "无",
        "texture": "磨砂"
      },
      "prompt": "一只橘猫坐在窗台上，水彩风格",
      "prompt_cn": "一杯冒着热气的桂花乌龙茶，木桌，暖光",
      "style_tags": [
        "style_tags"
      ],
      "aspect_ratio": "3:4",
      "zh_name": "新品海报",
      "description": "适合电商新品发布的竖版海报",
      "genre": "poster",
      "body_md": "## 桂花乌龙\n\n一口秋天的味道。",
      "ratio": "1:1",
      "image_category": "poster",
      "text_layers": [
        {
          "role": "role",
          "content": "我是 Studio 的助手，可以帮你写文案、出图和做视频。",
          "position": "center",
          "coords": {
            "x": 1,
            "y": 1
          },
          "font_category": "sans",
          "font_weight": 1,
          "size_ratio": 20,
          "color": "#F5E6C8",
          "treatment": "水彩",
          "alignment": "alignment",
          "is_variable": true,
          "variable": "title"
        }
      ],
      "prompt_template": "为{{product}}设计一张简洁的新品海报",
      "fields": [
        {
          "key": "product",
          "label": "产品名",
          "type": "text",
          "placeholder": "例如：桂花乌龙茶",
          "help": "写产品的名字，不超过 20 个字",
          "required": true,
          "default": "default"
        }
      ],
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
      },
      "template_error": "template_error",
      "template_warnings": [
        "template_warnings"
      ]
    }
  },
  "POST /upload-ref": {
    "form": {
      "file": "@ref.png"
    },
    "response": {
      "ok": true,
      "url": "https://studio.example.com/files/t/3f1c2a9e.png",
      "media_type": "image",
      "mime": "image/png",
      "key": "product",
      "size": 20
    }
  },
  "POST /reverse": {
    "body": {
      "image_url": "https://example.com/poster.png"
    },
    "response": {
      "ok": true,
      "sculpt": {
        "subject": "一杯热茶",
        "composition": "居中构图",
        "universe": "日常",
        "light": "暖光",
        "print": "无",
        "texture": "磨砂"
      },
      "prompt": "一只橘猫坐在窗台上，水彩风格",
      "prompt_cn": "一杯冒着热气的桂花乌龙茶，木桌，暖光",
      "style_tags": [
        "style_tags"
      ],
      "aspect_ratio": "3:4",
      "zh_name": "新品海报",
      "description": "适合电商新品发布的竖版海报",
      "genre": "poster",
      "body_md": "## 桂花乌龙\n\n一口秋天的味道。",
      "ratio": "1:1"
    }
  },
  "GET /jobs-stream": {
    "headers": {
      "Last-Event-ID": "40"
    },
    "response": "id: 41\nevent: job.done\ndata: {\"ok\":true,\"job\":{\"id\":\"3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10\",\"status\":\"done\",\"cdn_url\":\"https://studio.example.com/files/t/3f1c2a9e.png\"}}\n\n"
  },
  "POST /chat/completions": {
    "body": {
      "model": "auto",
      "messages": [
        {
          "role": "user",
          "content": "用一句话介绍你自己"
        }
      ]
    },
    "response": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "object": "chat.completion",
      "created": 1,
      "model": "auto",
      "choices": [
        {
          "index": 1,
          "message": {
            "role": "role",
            "content": "我是 Studio 的助手，可以帮你写文案、出图和做视频。",
            "tool_calls": [
              {}
            ]
          },
          "finish_reason": "finish_reason"
        }
      ],
      "usage": {
        "prompt_tokens": 1,
        "completion_tokens": 1,
        "total_tokens": 5000
      },
      "credits": 5000
    }
  },
  "POST /chat": {
    "body": {
      "model": "auto",
      "messages": [
        {
          "role": "user",
          "content": "用一句话介绍你自己"
        }
      ]
    },
    "response": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "object": "chat.completion",
      "created": 1,
      "model": "auto",
      "choices": [
        {
          "index": 1,
          "message": {
            "role": "role",
            "content": "我是 Studio 的助手，可以帮你写文案、出图和做视频。",
            "tool_calls": [
              {}
            ]
          },
          "finish_reason": "finish_reason"
        }
      ],
      "usage": {
        "prompt_tokens": 1,
        "completion_tokens": 1,
        "total_tokens": 5000
      },
      "credits": 5000
    }
  },
  "GET /models": {
    "response": {
      "object": "list",
      "data": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "object": "model",
          "created": 1,
          "owned_by": "studio"
        }
      ]
    }
  },
  "GET /models/{id}": {
    "path": {
      "id": "auto"
    },
    "response": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "object": "model",
      "created": 1,
      "owned_by": "studio"
    }
  }
};
