import type { OperationExample } from './types';

/** A finished conversion: what POST answers when it finishes in time, and GET's `result` once done. */
const conversion = {
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
  "prompt_template": "为{product}设计一张简洁的新品海报",
  "fields": [
    {
      "key": "product",
      "label": "产品名",
      "type": "text",
      "placeholder": "例如：桂花乌龙茶",
      "help": "写产品的名字，不超过 20 个字",
      "required": true,
      "default": "桂花乌龙茶"
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
};

/** Worked examples of uploads, image reading and image-to-template. */
export const mediaExamples: Record<string, OperationExample> = {
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
          "filename": "oolong-tea.png",
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
  "GET /image-to-template": {
    "query": {
      "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "done",
      "steps": [
        {
          "name": "receive image",
          "status": "ok"
        }
      ],
      "result": conversion,
      "error": null
    }
  },
  "POST /image-to-template": {
    "body": {
      "image_url": "https://example.com/poster.png"
    },
    "response": conversion
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
  }
};
